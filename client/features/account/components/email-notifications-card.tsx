import { Alert } from '@client/components/ui/alert';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { LoadingBlock } from '@client/components/ui/loading-block';
import { Switch } from '@client/components/ui/switch';
import { serverMessage } from '@client/lib/api-client';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS } from '@common/community';
import { Mail } from 'lucide-react';
import { useEmailPreferences, useSetEmailPreference } from '../api/email-preferences';

/** "E-mail notifications" (docs/product.md#notifications): a switch per kind of e-mail; the bell shows them all. */
export function EmailNotificationsCard() {
  const preferences = useEmailPreferences();
  const setPreference = useSetEmailPreference();
  return (
    <Card>
      <CardHeader>
        <CardTitle icon={Mail}>E-mail notifications</CardTitle>
        <CardDescription>
          Choose what we e-mail you. Everything still shows under the bell at the top when you are signed in.
        </CardDescription>
      </CardHeader>
      <div className="grid gap-3 px-5 pt-4 pb-5 sm:px-6 sm:pb-6">
        {preferences.isPending ? (
          <LoadingBlock />
        ) : preferences.isError ? (
          <Alert tone="error" title="Could not load your e-mail settings">
            {serverMessage(preferences.error, 'Please try again.')}
          </Alert>
        ) : (
          <ul className="divide-y divide-stone-100">
            {NOTIFICATION_KINDS.map((kind) => {
              const id = `email-switch-${kind}`;
              return (
                <li key={kind} className="flex items-center justify-between gap-4 py-2.5">
                  <label htmlFor={id} className="text-sm text-stone-800">
                    {NOTIFICATION_KIND_LABELS[kind]}
                  </label>
                  <Switch
                    id={id}
                    checked={preferences.data.emails[kind] ?? true}
                    disabled={setPreference.isPending}
                    onCheckedChange={(checked) => setPreference.mutate({ emails: { [kind]: checked } })}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {setPreference.isError && (
          <Alert tone="error" title="The setting was not saved">
            {serverMessage(setPreference.error, 'Please try again.')}
          </Alert>
        )}
      </div>
    </Card>
  );
}
