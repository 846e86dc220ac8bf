import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { plural } from '@client/lib/plural';
import { Upload, X } from 'lucide-react';
import { useRef } from 'react';
import { useBulkImport } from '../use-bulk-import';
import { BulkImportPreview } from './bulk-import-preview';
import { BulkImportResult } from './bulk-import-result';
import { CsvInput } from './csv-input';

/** Bulk Import (docs/product.md#admin-screens): players as CSV text or a .csv file, the preparation (docs/product.md#bulk-import-rules), then the result view. */
export default function BulkImportTab() {
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const bulk = useBulkImport(() => requestAnimationFrame(() => resultHeading.current?.focus()));
  const { text, preview, importing, result } = bulk;
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
          <CsvInput
            text={text}
            fileName={bulk.fileName}
            onText={bulk.type}
            onFile={(file) => void bulk.loadFile(file)}
          />
          <BulkImportPreview preparation={preview} />
        </CardContent>
        <CardFooter className="justify-end">
          {text && (
            <Button variant="ghost" onClick={bulk.clear} disabled={importing}>
              <X aria-hidden className="size-4" />
              Clear
            </Button>
          )}
          <Button onClick={bulk.submit} loading={importing} className="w-full sm:w-auto">
            {!importing && <Upload aria-hidden className="size-4" />}
            {importing ? 'Importing...' : readyCount > 0 ? `Import ${plural(readyCount, 'player')}` : 'Import Players'}
          </Button>
        </CardFooter>
      </Card>

      {result && <BulkImportResult ref={resultHeading} result={result.reply} lines={result.lines} />}
    </div>
  );
}
