import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/textarea';
import { cn } from '@client/lib/cn';
import { FileUp } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';

const EXAMPLE = `name,email,city,state
Jordan Smith,jordan.smith@example.com,Austin,TX
Maria Garcia,,Denver,CO
Lee Chen,lee.chen@example.com,,`;

/**
 * The CSV to import: typed or pasted into the text box (an example on request), or a .csv file chosen with
 * "Upload .csv file" or dropped on the box. `onText` hears typing, `onFile` a chosen or dropped file.
 */
export function CsvInput({
  text,
  fileName,
  onText,
  onFile,
}: {
  text: string;
  /** The file the text came from, until it is edited. */
  fileName: string | null;
  onText: (text: string) => void;
  onFile: (file: File) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset, so choosing the same file again still fires a change.
    event.target.value = '';
    if (file) onFile(file);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <>
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
            onChange={(event) => onText(event.target.value)}
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
          <Button variant="ghost" onClick={() => onText(EXAMPLE)}>
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
    </>
  );
}
