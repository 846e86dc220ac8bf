import { isLoaded, QueryStatus } from '@client/components/query-status';
import { SearchBox } from '@client/components/search-box';
import { ShowMore } from '@client/components/show-more';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { useSearchedList } from '@client/lib/use-searched-list';
import type { EmailSignup, EmailSignupsReply } from '@common/schemas/admin';
import { Download, MailOpen, RefreshCw, SearchX } from 'lucide-react';
import { Fragment, useState } from 'react';
import { emailSignupsQuery, fetchAllEmailSignups } from '../api/get-email-signups';
import { signupsCsv } from '../signups-csv';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Email Signups (docs/product.md#admin-screens): a table of Email and Signed Up date-time with a count badge; searched and paged on the server. */
export default function EmailSignupsTab() {
  const { toast } = useToast();
  const list = useSearchedList(emailSignupsQuery, rowsOf, totalOf);
  const { query: signups, q, rows, total } = list;
  const [exporting, setExporting] = useState(false);

  if (!isLoaded(signups)) {
    return <QueryStatus query={signups} loading="Loading email signups..." failed="Failed to fetch email signups" />;
  }

  // The export holds every matching address, not only the pages shown.
  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadCsv(await fetchAllEmailSignups(q));
    } catch (error) {
      toast({ title: 'Export failed', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            Launch list
            <Badge tone="brand">
              {total.toLocaleString('en-US')}
              <span className="sr-only"> {total === 1 ? 'signup' : 'signups'}</span>
            </Badge>
          </CardTitle>
          <CardDescription aria-live="polite">
            {q
              ? `${total.toLocaleString('en-US')} ${total === 1 ? 'address matches' : 'addresses match'} “${q}”, newest first.`
              : 'People who asked to hear when Pickleball Ratings launches, newest first.'}
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button
            variant="ghost"
            size="sm"
            className="h-11 sm:h-8"
            onClick={() => void signups.refetch()}
            loading={signups.isFetching && !signups.isFetchingNextPage}
            aria-label="Refresh email signups"
          >
            {!(signups.isFetching && !signups.isFetchingNextPage) && <RefreshCw aria-hidden className="size-4" />}
            <span className="hidden sm:inline">Refresh</span>
          </Button>
          {rows.length > 0 && (
            <Button
              variant="outline"
              size="sm"
              className="h-11 sm:h-8"
              loading={exporting}
              onClick={() => void exportCsv()}
            >
              {!exporting && <Download aria-hidden className="size-4" />}
              Export CSV
            </Button>
          )}
        </div>
      </CardHeader>
      <div className="grid gap-3 px-3 pt-4 pb-3 sm:px-4">
        <SearchBox label="Search email signups" placeholder="E-mail address" {...list.searchBox} />
        {rows.length === 0 ? (
          q ? (
            <EmptyState
              icon={SearchX}
              headingLevel={3}
              title="No signups found"
              description={`No address contains “${q}”.`}
            />
          ) : (
            <EmptyState
              icon={MailOpen}
              headingLevel={3}
              title="No email signups yet"
              description="Addresses entered on the coming-soon page show up here."
            />
          )
        ) : (
          <div className="overflow-hidden rounded-xl border border-stone-200">
            <table className="w-full table-fixed text-left text-sm">
              <caption className="sr-only">Email signups, newest first</caption>
              <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2.5 sm:px-4">
                    Email
                  </th>
                  <th scope="col" className="w-32 px-3 py-2.5 sm:w-56 sm:px-4">
                    Signed Up
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {rows.map((signup) => (
                  <tr key={signup.id} className="hover:bg-stone-50/70">
                    <td className="px-3 py-2.5 text-stone-900 [overflow-wrap:anywhere] sm:px-4">
                      <BreakableEmail email={signup.email} />
                    </td>
                    <td className="px-3 py-2.5 text-stone-600 sm:px-4">
                      <SignedUp value={signup.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ShowMore {...list.showMore} total={total} noun="signups" />
      </div>
    </Card>
  );
}

const rowsOf = (page: { data: EmailSignupsReply }) => page.data.emailSignups;
// Every match, counted by the server with the first page.
const totalOf = (page: { data: EmailSignupsReply }) => page.data.total;

/** An address that wraps after "@" and before dots on a narrow screen, rather than mid-word. */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** Date and time on one line, or on two lines on a phone. */
function SignedUp({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} className="grid sm:block">
      <span>{dateFormat.format(date)}</span>
      <span className="hidden sm:inline">, </span>
      <span>{timeFormat.format(date)}</span>
    </time>
  );
}

function downloadCsv(signups: EmailSignup[]) {
  const url = URL.createObjectURL(new Blob([signupsCsv(signups)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'email-signups.csv';
  link.click();
  URL.revokeObjectURL(url);
}
