import { useToast } from '@client/components/ui/use-toast';
import type { BulkImportReply } from '@common/schemas/admin';
import { useDeferredValue, useMemo, useState } from 'react';
import { useImportPlayers } from './api/import-players';
import { importRefusal, isCsvFileName, preparePlayers, type Preparation } from './prepare-players';

/**
 * The Bulk Import tab's state: the CSV text (typed or from a file), its preparation as it is typed, the
 * import itself and its result; `onImported` runs once the result is shown.
 */
export function useBulkImport(onImported: () => void) {
  const { toast } = useToast();
  const importMutation = useImportPlayers();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [result, setResult] = useState<{ reply: BulkImportReply; lines: number[] } | null>(null);

  const deferredText = useDeferredValue(text);
  const preview = useMemo<Preparation | null>(
    () => (deferredText.trim() ? preparePlayers(deferredText) : null),
    [deferredText],
  );

  const type = (typed: string) => {
    setText(typed);
    setFileName(null);
  };

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

  const clear = () => type('');

  const submit = () => {
    const prepared = preparePlayers(text);
    const refusal = importRefusal(prepared);
    if (refusal || !prepared.ok) {
      if (refusal) toast({ ...refusal, variant: 'destructive' });
      return;
    }
    importMutation.mutate(prepared.players, {
      onSuccess: (reply) => {
        setResult({ reply, lines: prepared.lines });
        clear();
        toast({ title: 'Import Complete', description: reply.message, variant: 'success' });
        onImported();
      },
      onError: () =>
        toast({ title: 'Import Failed', description: 'Please check your data format.', variant: 'destructive' }),
    });
  };

  return {
    text,
    fileName,
    preview,
    result,
    importing: importMutation.isPending,
    type,
    loadFile,
    clear,
    submit,
  };
}
