import { NameFields } from '@client/components/name-fields';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useToast } from '@client/components/ui/use-toast';
import type { PlayerFormValues } from '@client/lib/player-form-values';
import { fieldErrors, hasErrorCode, serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { usePlaceField } from '@client/lib/place-check';
import { revalidateField } from '@client/lib/revalidate-field';
import { useAuth } from '@client/lib/use-auth';
import { registerPlayerBodySchema, type RegisterPlayerReply } from '@common/schemas/players';
import { useState, type FormEvent } from 'react';
import { useRegisterPlayer } from '../api/register-player';
import { PlayerProfileFields } from './player-profile-fields';

export type RegistrationValues = PlayerFormValues;

export const EMPTY_REGISTRATION: RegistrationValues = {
  firstName: '',
  lastName: '',
  email: '',
  skillLevel: '',
  yearsPlaying: '',
  location: '',
  bio: '',
};

/** docs/product.md#messages: the server's answer to a player e-mail that is already taken. */
const isEmailTaken = (error: unknown) => hasErrorCode(error, 'email_taken');

/**
 * The registration form (docs/product.md#player-registration, docs/product.md#player-rules): firstName, lastName, email (read-only with an account e-mail), skillLevel,
 * yearsPlaying, location (with ZIP/city suggestions) and bio. With `linkedPlayerId` ("Use for Form")
 * the submission completes that existing player.
 */
export function RegistrationForm({
  initial,
  linkedPlayerId,
  onRegistered,
}: {
  initial: RegistrationValues;
  linkedPlayerId: number | null;
  onRegistered: (reply: RegisterPlayerReply, linked: boolean) => void;
}) {
  const auth = useAuth();
  const { toast } = useToast();
  const register = useRegisterPlayer();
  const accountEmail = auth.user?.email ?? null;
  // The account's name, when it has one, fills the name fields left empty, as its e-mail fills the e-mail.
  const [values, setValues] = useState<RegistrationValues>(() => ({
    ...initial,
    firstName: initial.firstName || (auth.user?.firstName ?? ''),
    lastName: initial.lastName || (auth.user?.lastName ?? ''),
    email: accountEmail ?? initial.email,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const place = usePlaceField(values.location, (message) =>
    setErrors((current) => ({ ...current, location: message })),
  );

  const bodyOf = (from: RegistrationValues) => ({
    ...from,
    email: accountEmail ?? from.email,
    yearsPlaying: from.yearsPlaying || null,
    bio: from.bio || null,
    ...(linkedPlayerId !== null ? { linkedPlayerId } : {}),
  });

  // An empty select reads better as a request than as the list of allowed values.
  const withSkillRequest = (from: RegistrationValues, found: Record<string, string>) =>
    !from.skillLevel && found.skillLevel ? { ...found, skillLevel: 'Please select your skill level' } : found;

  const set = (name: keyof RegistrationValues) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) =>
      withSkillRequest(next, revalidateField(registerPlayerBodySchema, bodyOf(next), current, name)),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(registerPlayerBodySchema, bodyOf(values));
    if (result.errors) {
      setErrors(withSkillRequest(values, result.errors));
      document.getElementById(`registration-${Object.keys(result.errors)[0]}`)?.focus();
      return;
    }
    const unknownPlace = await place.checkNow();
    if (unknownPlace) {
      setErrors({ location: unknownPlace });
      document.getElementById('registration-location')?.focus();
      return;
    }
    setErrors({});
    register.mutate(result.data, {
      onSuccess: (reply) => onRegistered(reply, linkedPlayerId !== null),
      onError: (error) => {
        const message = serverMessage(error, 'Please try again.');
        if (isEmailTaken(error)) {
          // docs/product.md#messages: signed in → find and link the existing profile; signed out → sign in with Google.
          toast({
            title: 'Account Already Exists',
            description: auth.isAuthenticated
              ? 'A player with this email is already registered. Search for your profile above and claim it to link it to your account.'
              : 'A player with this email is already registered. Sign in with Google to link your profile.',
            variant: 'destructive',
          });
          return;
        }
        setErrors(fieldErrors(error));
        toast({ title: 'Registration failed', description: message, variant: 'destructive' });
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="Player registration">
      <NameFields idPrefix="registration" values={values} errors={errors} set={set} />
      <FormField
        label="Email"
        error={errors.email}
        hint={accountEmail ? 'The e-mail of your account. It cannot be changed here.' : undefined}
      >
        <Input
          id="registration-email"
          type="email"
          autoComplete="email"
          readOnly={accountEmail !== null}
          value={accountEmail ?? values.email}
          onChange={(event) => set('email')(event.target.value)}
        />
      </FormField>
      <PlayerProfileFields
        idPrefix="registration"
        values={values}
        errors={errors}
        set={set}
        onLocationBlur={place.onBlur}
        skillPlaceholder="Select your level"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button type="submit" size="lg" loading={register.isPending} className="w-full sm:w-auto">
          {register.isPending ? 'Registering...' : linkedPlayerId !== null ? 'Complete Profile' : 'Register Player'}
        </Button>
      </div>
    </form>
  );
}
