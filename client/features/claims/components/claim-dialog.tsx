import { LocationInput } from '@client/components/location-input';
import { NameFields } from '@client/components/name-fields';
import { Button, type ButtonProps } from '@client/components/ui/button';
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
import { Textarea } from '@client/components/ui/textarea';
import { useToast } from '@client/components/ui/use-toast';
import { ApiError, fieldErrors, serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { usePlaceCheck } from '@client/lib/place-check';
import { revalidateField } from '@client/lib/revalidate-field';
import { useAuth } from '@client/lib/use-auth';
import { CLAIM_MESSAGE_MAX, claimBodySchema } from '@common/schemas/claims';
import { CLAIM_PLACE_UNKNOWN_MESSAGE } from '@common/schemas/locations';
import type { PlayerSearchResult } from '@common/schemas/players';
import { UserCheck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useRequestClaim } from '../api/request-claim';
import { claimBlock } from '../claim-block';
import { parseLocation } from '../parse-location';

/** What the dialog needs of a player: a search result, or the player of a public page. */
type ClaimablePlayer = Pick<PlayerSearchResult, 'id' | 'firstName' | 'lastName' | 'location' | 'userId'>;

type Fields = {
  firstName: string;
  lastName: string;
  email: string;
  location: string;
  city: string;
  state: string;
  zip: string;
  requestMessage: string;
};

const FIELD_LABELS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  city: 'city',
  state: 'state',
  zip: 'ZIP code',
};

/**
 * "Claim Profile" (docs/product.md#claim-dialog): checks the docs/product.md#claim-rules blocks (signed out, already yours, linked to someone else) and
 * otherwise opens the claim dialog for `player`. A player's page words the button its own way (`children`)
 * and hears of the sent request (`onClaimed`).
 */
export function ClaimProfileButton({
  player,
  className,
  children,
  variant = 'secondary',
  size = 'sm',
  onClaimed,
}: {
  player: ClaimablePlayer;
  className?: string;
  children?: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  onClaimed?: () => void;
}) {
  const auth = useAuth();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);

  const start = () => {
    const block = claimBlock(player, {
      isAuthenticated: auth.isAuthenticated,
      userId: auth.user?.id ?? null,
      linkedPlayerId: auth.linkedPlayer?.id ?? null,
    });
    if (block) {
      toast({ ...block, variant: 'destructive' });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        onClick={start}
        aria-label={children ? undefined : `Claim Profile: ${player.firstName} ${player.lastName}`}
      >
        <UserCheck aria-hidden className="size-4" />
        {children ?? 'Claim Profile'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <ClaimDialogContent
            player={player}
            onDone={() => {
              setOpen(false);
              onClaimed?.();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function initialFields(player: ClaimablePlayer, accountEmail: string): Fields {
  const parsed = parseLocation(player.location);
  return {
    firstName: player.firstName,
    lastName: player.lastName,
    email: accountEmail,
    location: player.location === 'Unknown Location' ? '' : player.location,
    ...parsed,
    requestMessage: '',
  };
}

function ClaimDialogContent({ player, onDone }: { player: ClaimablePlayer; onDone: () => void }) {
  const auth = useAuth();
  const { toast } = useToast();
  const claim = useRequestClaim();
  const checkPlace = usePlaceCheck();
  const [fields, setFields] = useState<Fields>(() => initialFields(player, auth.user?.email ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bodyOf = ({ location: _location, ...body }: Fields) => body;

  const set = (name: keyof Fields) => (value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    // An unknown place shows under City: a new state or ZIP is a new place too.
    const checked = name === 'state' || name === 'zip' ? [name, 'city'] : [name];
    setErrors((current) =>
      checked.reduce((found, field) => revalidateField(claimBodySchema, bodyOf(next), found, field), current),
    );
  };

  /**
   * docs/product.md#claim-dialog: location text in either form ('zip — city, state' from a suggestion, or 'City, ST 12345') is
   * parsed into city, state and ZIP. Half-typed text (no state yet) leaves the three fields alone.
   */
  const applyLocation = (text: string) => {
    const parsed = parseLocation(text);
    const complete = parsed.city !== '' && parsed.state !== '';
    const next = {
      ...fields,
      location: text,
      ...(complete ? { city: parsed.city, state: parsed.state, zip: parsed.zip || fields.zip } : {}),
    };
    setFields(next);
    setErrors((current) =>
      (['city', 'state', 'zip'] as const).reduce(
        (found, name) => revalidateField(claimBodySchema, bodyOf(next), found, name),
        current,
      ),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(claimBodySchema, bodyOf(fields));
    if (result.errors) {
      setErrors(result.errors);
      const missing = Object.keys(result.errors)
        .filter((key) => !fields[key as keyof Fields]?.trim())
        .map((key) => FIELD_LABELS[key] ?? key);
      toast({
        title: 'Missing information',
        description: missing.length
          ? `Please fill in: ${missing.join(', ')}.`
          : (Object.values(result.errors)[0] ?? 'Please check the highlighted fields.'),
        variant: 'destructive',
      });
      return;
    }
    // docs/product.md#places: city, state and ZIP must be one place the ZIP data knows.
    const { city, state, zip } = result.data;
    const unknownPlace = await checkPlace(`${city}, ${state} ${zip}`, CLAIM_PLACE_UNKNOWN_MESSAGE);
    if (unknownPlace) {
      setErrors({ city: unknownPlace });
      document.getElementById('claim-city')?.focus();
      return;
    }
    setErrors({});
    claim.mutate(
      { playerId: player.id, body: result.data },
      {
        onSuccess: () => {
          toast({
            title: 'Claim request sent',
            description: 'An admin will review your request. You can follow it on the Player Registration tab.',
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          // A refusal the server explains (already requested, already linked) is worth showing as is.
          const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
          toast({
            title: 'Claim request failed',
            description: refused ? serverMessage(error, 'Please try again.') : 'Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <DialogContent className="max-w-xl">
      <DialogHeader>
        <DialogTitle>
          Claim {player.firstName} {player.lastName}
        </DialogTitle>
        <DialogDescription>
          Tell us who you are. An admin checks the request and then links this profile to your account.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <NameFields values={fields} errors={errors} set={set} />
        <FormField label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(event) => set('email')(event.target.value)}
          />
        </FormField>
        <FormField label="Location" optional hint="Type a ZIP code or a city to fill in city, state and ZIP below.">
          <LocationInput value={fields.location} onChange={applyLocation} placeholder="e.g. 78701 or Austin, TX" />
        </FormField>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-[1fr_6rem_7rem]">
          <FormField label="City" error={errors.city} className="col-span-2 sm:col-span-1">
            <Input
              id="claim-city"
              autoComplete="address-level2"
              value={fields.city}
              onChange={(event) => set('city')(event.target.value)}
            />
          </FormField>
          <FormField label="State" error={errors.state}>
            <Input
              autoComplete="address-level1"
              value={fields.state}
              onChange={(event) => set('state')(event.target.value)}
            />
          </FormField>
          <FormField label="ZIP" error={errors.zip}>
            <Input
              inputMode="numeric"
              autoComplete="postal-code"
              value={fields.zip}
              onChange={(event) => set('zip')(event.target.value)}
            />
          </FormField>
        </div>
        <FormField label="Message to the admin" optional error={errors.requestMessage}>
          <Textarea
            rows={3}
            maxLength={CLAIM_MESSAGE_MAX}
            placeholder="Anything that helps us confirm this is you (your club, where you play…)"
            value={fields.requestMessage}
            onChange={(event) => set('requestMessage')(event.target.value)}
          />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" loading={claim.isPending}>
            {claim.isPending ? 'Sending...' : 'Send Claim Request'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
