import { ErasureConsequences } from '@client/components/erasure-consequences';
import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { plural } from '@client/lib/plural';
import { adminEraseBodySchema, ERASE_CONFIRMATION } from '@common/schemas/account';
import type { AdminUser } from '@common/schemas/admin';
import { useId, useState, type FormEvent } from 'react';
import { useEraseUser } from '../api/erase-user';

const PLAYER_OUTCOMES = {
  none: 'no player profile',
  unlinked: 'player profile kept, unlinked',
  deleted: 'player profile deleted',
} as const;

/**
 * An admin erases someone else's account (docs/product.md#your-data), as its owner could: the same consequences,
 * the same typed confirmation, no password. The server records which admin did it.
 */
export function EraseUserDialog({
  user,
  name,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const erase = useEraseUser();
  const [confirm, setConfirm] = useState('');
  const [deletePlayerProfile, setDeletePlayerProfile] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const playerBoxId = useId();

  const close = (next: boolean) => {
    if (erase.isPending) return;
    if (!next) {
      setConfirm('');
      setDeletePlayerProfile(false);
      setError(null);
      erase.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { data, errors } = validate(adminEraseBodySchema, { confirm: confirm.trim(), deletePlayerProfile });
    setError(errors?.confirm ?? null);
    if (!data) return;
    erase.mutate(
      { userId: user.id, ...data },
      {
        onSuccess: ({ erased }) => {
          toast({
            title: 'Account erased',
            description: `${name}: ${plural(erased.ratings, 'rating')} and ${plural(erased.votes, 'vote')} erased; ${PLAYER_OUTCOMES[erased.playerProfile]}.`,
            variant: 'success',
          });
          close(false);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Erase {name}’s account?</DialogTitle>
          <DialogDescription>What erasing this account does:</DialogDescription>
        </DialogHeader>
        <ErasureConsequences who="they" />
        <form noValidate onSubmit={submit} aria-label="Erase this account" className="grid gap-4">
          <div className="flex items-start gap-3 rounded-xl border border-stone-200 bg-stone-50 px-4 py-3">
            <input
              id={playerBoxId}
              type="checkbox"
              checked={deletePlayerProfile}
              onChange={(event) => setDeletePlayerProfile(event.target.checked)}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-red-700"
            />
            <label htmlFor={playerBoxId} className="cursor-pointer text-sm font-semibold text-stone-900">
              Also delete their player profile
            </label>
          </div>
          <FormField label={`Type ${ERASE_CONFIRMATION} to confirm`} error={error}>
            <Input autoComplete="off" spellCheck={false} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </FormField>
          {erase.isError && (
            <Alert tone="error" title="Erase failed">
              {serverMessage(erase.error, 'Please try again.')}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" loading={erase.isPending}>
              {erase.isPending ? 'Erasing…' : 'Erase account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
