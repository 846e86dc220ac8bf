import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/textarea';
import { useToast } from '@client/components/ui/use-toast';
import { cn } from '@client/lib/cn';
import { BULK_IMPORT_MAX_ROWS, type BulkImportReply } from '@common/schemas/admin';
import { FileUp, Upload, X } from 'lucide-react';
import { useDeferredValue, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useImportPlayers } from '../api/import-players';
import { isCsvFileName, preparePlayers, type Preparation } from '../prepare-players';
import { BulkImportPreview } from './bulk-import-preview';
import { BulkImportResult } from './bulk-import-result';

const EXAMPLE = `name,email,city,state
Jordan Smith,jordan.smith@example.com,Austin,TX
Maria Garcia,,Denver,CO
Lee Chen,lee.chen@example.com,,`;

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;

/** §2 Admin: Bulk Import — players as CSV text or a .csv file, the §5 preparation, then the result view. */
export default function BulkImportTab() {
  const { toast } = useToast();
  const importMutation = useImportPlayers();
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [result, setResult] = useState<{ reply: BulkImportReply; lines: number[] } | null>(null);

  const deferredText = useDeferredValue(text);
  const preview = useMemo<Preparation | null>(
    () => (deferredText.trim() ? preparePlayers(deferredText) : null),
    [deferredText],
  );

  const loadFile = async (file: File) => {
    if (!isCsvFileName(file.name)) {
      toast({ title: 'Invalid File Type', description: 'Please choose a .csv file.', variant: 'destructive' });
      return;
    }
    let content: string;
    try {
      content = await file.text();
    } catch {
      toast({ title: 'Failed to read file', description: 'Please try the file again.', variant: 'destructive' });
      return;
    }
    const prepared = preparePlayers(content);
    if (!prepared.ok) {
      toast({ title: 'Failed to parse CSV file', description: prepared.error, variant: 'destructive' });
    }
    setText(content);
    setFileName(file.name);
    setResult(null);
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset, so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) void loadFile(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void loadFile(file);
  };

  const clear = () => {
    setText('');
    setFileName(null);
  };

  const submit = () => {
    const prepared = preparePlayers(text);
    if (!prepared.ok) {
      toast({ title: 'Failed to parse CSV file', description: prepared.error, variant: 'destructive' });
      return;
    }
    if (prepared.players.length === 0) {
      toast({
        title: 'No Valid Players Found',
        description: 'Each line needs at least a first and last name.',
        variant: 'destructive',
      });
      return;
    }
    if (prepared.players.length > BULK_IMPORT_MAX_ROWS) {
      toast({
        title: 'Too Many Players',
        description: `Import at most ${BULK_IMPORT_MAX_ROWS.toLocaleString('en-US')} players at a time.`,
        variant: 'destructive',
      });
      return;
    }
    importMutation.mutate(prepared.players, {
      onSuccess: (reply) => {
        setResult({ reply, lines: prepared.lines });
        clear();
        toast({ title: 'Import Complete', description: reply.message, variant: 'success' });
        requestAnimationFrame(() => resultHeading.current?.focus());
      },
      onError: () =>
        toast({ title: 'Import Failed', description: 'Please check your data format.', variant: 'destructive' }),
    });
  };

  const readyCount = preview?.ok ? preview.players.length : 0;

  return (
    <div className="grid gap-5">
      <Card>
        <CardHeader>
          <CardTitle>Add players in bulk</CardTitle>
          <CardDescription>
            Paste one player per line, or upload a .csv file. Only the name is needed: a missing e-mail becomes
            first.last@example.com, and every player starts at skill 3.0 with 1-2 years played.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn('rounded-xl transition-shadow', dragging && 'ring-2 ring-teal-600 ring-offset-2')}
          >
            <FormField
              label="Player data (CSV)"
              hint={
                <>
                  Columns without a header line: <span className="font-mono">name, email, city, state, country</span>. A
                  first line containing “name” or “email” is read as a header.
                </>
              }
            >
              <Textarea
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setFileName(null);
                }}
                rows={9}
                spellCheck={false}
                // One player per line: a wrapped line would read as two on a phone, so long lines scroll instead.
                wrap="off"
                placeholder={EXAMPLE}
                className="font-mono text-sm whitespace-pre sm:text-[13px]"
              />
            </FormField>
          </div>

          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="hidden"
              tabIndex={-1}
              aria-hidden
              onChange={onFileChosen}
            />
            <Button variant="outline" onClick={() => fileInput.current?.click()}>
              <FileUp aria-hidden className="size-4" />
              Upload .csv file
            </Button>
            {!text && (
              <Button variant="ghost" onClick={() => setText(EXAMPLE)}>
                Fill in an example
              </Button>
            )}
            {fileName && (
              <span className="inline-flex min-w-0 items-center gap-1.5 rounded-lg bg-stone-100 px-2.5 py-1 text-sm text-stone-700">
                <span className="truncate">{fileName}</span>
              </span>
            )}
            <span className="hidden text-sm text-stone-500 sm:inline">or drop a file on the text box</span>
          </div>

          <BulkImportPreview preparation={preview} />
        </CardContent>
        <CardFooter className="justify-end">
          {text && (
            <Button variant="ghost" onClick={clear} disabled={importMutation.isPending}>
              <X aria-hidden className="size-4" />
              Clear
            </Button>
          )}
          <Button onClick={submit} loading={importMutation.isPending} className="w-full sm:w-auto">
            {!importMutation.isPending && <Upload aria-hidden className="size-4" />}
            {importMutation.isPending
              ? 'Importing...'
              : readyCount > 0
                ? `Import ${plural(readyCount, 'player')}`
                : 'Import Players'}
          </Button>
        </CardFooter>
      </Card>

      {result && <BulkImportResult ref={resultHeading} result={result.reply} lines={result.lines} />}
    </div>
  );
}
