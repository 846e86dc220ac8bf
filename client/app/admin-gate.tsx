import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { PasswordInput } from '@client/components/ui/password-input';
import { useToast } from '@client/components/ui/use-toast';
import { setAdminSession } from '@client/lib/admin-session';
import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAppConfig, useAuth } from '@client/lib/use-auth';
import type { AdminLoginBody, AdminLoginReply } from '@common/schemas/auth';
import { emailSchema } from '@common/schemas/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { AdminRight } from './tabs';

/**
 * Shows `children` when the caller holds `right` (docs/product.md#workspace-tabs), otherwise the admin login form. A signed-in user with
 * isAdmin is an admin (docs/product.md#roles) whose session the server accepts on every admin call, so no tab asks them for the
 * admin key; the form stays for everyone else (docs/product.md#workspace-tabs).
 */
export function AdminGate({ right, children }: { right: AdminRight; children: ReactNode }) {
  const auth = useAuth();
  const isAdminUser = Boolean(auth.user?.isAdmin);
  const allowed = right === 'admin-token' ? auth.hasAdminTokenAccess || isAdminUser : auth.canReviewMatchRequests;
  return allowed ? children : <AdminLoginForm />;
}

type Errors = { email?: string; adminKey?: string };

/** docs/product.md#admin-login, with the docs/product.md#validation-messages and docs/product.md#messages 'Login Failed' / 'Invalid credentials.'. */
export function AdminLoginForm() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const demo = config.data?.demoAdmin;
  const [email, setEmail] = useState('');
  const [adminKey, setAdminKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const login = useMutation({
    mutationFn: (body: AdminLoginBody) => apiRequest<AdminLoginReply>('POST', '/api/admin/login', body),
    onSuccess: async (reply) => {
      setAdminSession({ token: reply.token, email: reply.adminEmail });
      toast({ title: 'Admin Access Granted', description: `Signed in as ${reply.adminEmail}.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
    onError: () => toast({ title: 'Login Failed', description: 'Invalid credentials.', variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!email.trim() || !emailSchema.safeParse(email).success) next.email = 'Please enter a valid email address';
    if (!adminKey) next.adminKey = 'Admin key is required';
    setErrors(next);
    if (!email.trim() || !adminKey) {
      toast({
        title: 'Missing Information',
        description: 'Please enter both the admin email and the admin key.',
        variant: 'destructive',
      });
      return;
    }
    if (next.email) return;
    login.mutate({ email: email.trim(), adminKey });
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <span className="mb-2 grid size-11 place-items-center rounded-xl bg-amber-100 text-amber-800">
          <ShieldCheck aria-hidden className="size-6" />
        </span>
        <CardTitle>Admin Login</CardTitle>
        <CardDescription>This area is for administrators. Sign in with the admin e-mail and admin key.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="Admin email" error={errors.email}>
            <Input
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="admin@example.com"
            />
          </FormField>
          <FormField label="Admin key" error={errors.adminKey}>
            <PasswordInput
              autoComplete="current-password"
              value={adminKey}
              onChange={(event) => setAdminKey(event.target.value)}
            />
          </FormField>
          {demo && (
            <div className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
              <p className="flex items-center gap-1.5 font-semibold">
                <KeyRound aria-hidden className="size-4" /> Demo credentials
              </p>
              <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                <dt className="text-amber-900">Email</dt>
                <dd className="font-mono break-all" data-testid="demo-admin-email">
                  {demo.email}
                </dd>
                <dt className="text-amber-900">Key</dt>
                <dd className="font-mono break-all" data-testid="demo-admin-key">
                  {demo.key}
                </dd>
              </dl>
              <Button
                variant="link"
                size="sm"
                className="mt-1"
                onClick={() => {
                  setEmail(demo.email);
                  setAdminKey(demo.key);
                  setErrors({});
                }}
              >
                Use demo credentials
              </Button>
            </div>
          )}
          <Button type="submit" loading={login.isPending}>
            Sign in as admin
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
