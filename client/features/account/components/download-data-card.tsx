import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { serverMessage } from '@client/lib/api-client';
import { Download, FileJson } from 'lucide-react';
import { useDownloadMyData } from '../api/download-my-data';

/** "Download my data" (docs/product.md#your-data): the JSON file of everything the site holds about the person. */
export function DownloadDataCard() {
  const download = useDownloadMyData();
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={FileJson}>Your data</CardTitle>
        <CardDescription>
          One JSON file with everything Pickleball Ratings holds about you: your account, your player profile, the
          ratings you wrote and the ratings about you, your helpfulness votes, points and badges, claims, signed-in
          sessions and launch-list sign-ups. Other people appear in it by display name only, and anonymous raters not at
          all.
        </CardDescription>
      </CardHeader>
      <div className="grid gap-3 px-5 pt-4 pb-5 sm:px-6 sm:pb-6">
        <div>
          <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
            {!download.isPending && <Download aria-hidden className="size-4" />}
            Download my data
          </Button>
        </div>
        <div aria-live="polite" className="empty:hidden">
          {download.isSuccess && <Alert tone="success">Downloaded {download.data}.</Alert>}
        </div>
        {download.isError && (
          <Alert tone="error" title="Download failed">
            {serverMessage(download.error, 'Please try again.')}
          </Alert>
        )}
      </div>
    </Card>
  );
}
