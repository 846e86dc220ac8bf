import { Button } from '@client/components/ui/button';
import { useToast } from '@client/components/ui/use-toast';
import { fieldErrors, serverMessage } from '@client/lib/api-client';
import { validate } from '@client/lib/form-errors';
import { usePlaceField } from '@client/lib/place-check';
import { revalidateField } from '@client/lib/revalidate-field';
import type { LinkedPlayer } from '@common/schemas/auth';
import { updatePlayerBodySchema, type PlayerVisibility } from '@common/schemas/players';
import { useEffect, useState, type FormEvent } from 'react';
import { useUpdatePlayer } from '../api/update-player';
import { PlayerProfileFields } from './player-profile-fields';

type ProfileValues = {
  bio: string;
  location: string;
  skillLevel: string;
  yearsPlaying: string;
  visibility: PlayerVisibility;
};

const VISIBILITY_CHOICES: { value: PlayerVisibility; label: string; hint: string }[] = [
  { value: 'public', label: 'Everyone', hint: 'Anyone with the link, and search engines.' },
  { value: 'members', label: 'Signed-in members', hint: 'Visitors are asked to sign in first.' },
];

const bodyOf = (values: ProfileValues) => ({
  ...values,
  yearsPlaying: values.yearsPlaying || null,
  bio: values.bio || null,
});

/**
 * The linked player's own profile edit: bio, location (with ZIP/city suggestions), skill level, years playing and
 * who can see their page. Each field follows the registration rule (docs/product.md#player-rules); the name and e-mail stay as they are.
 */
export function ProfileEditForm({
  player,
  visibility,
  onDone,
}: {
  player: LinkedPlayer;
  visibility: PlayerVisibility;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const update = useUpdatePlayer();
  const [values, setValues] = useState<ProfileValues>({
    bio: player.bio ?? '',
    location: player.location,
    skillLevel: player.skillLevel,
    yearsPlaying: player.yearsPlaying ?? '',
    visibility,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The stored place sent back unchanged is no change (docs/product.md#places): only a new one is checked.
  const placeChanged = values.location.trim() !== player.location;
  const place = usePlaceField(values.location, (message) =>
    setErrors((current) => ({ ...current, location: message })),
  );
  // Opened from the profile card's button: the first field takes the focus.
  useEffect(() => document.getElementById('profile-skillLevel')?.focus(), []);

  const set = (name: keyof ProfileValues) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) => revalidateField(updatePlayerBodySchema, bodyOf(next), current, name));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validate(updatePlayerBodySchema, bodyOf(values));
    if (result.errors) {
      setErrors(result.errors);
      document.getElementById(`profile-${Object.keys(result.errors)[0]}`)?.focus();
      return;
    }
    const unknownPlace = placeChanged ? await place.checkNow() : null;
    if (unknownPlace) {
      setErrors({ location: unknownPlace });
      document.getElementById('profile-location')?.focus();
      return;
    }
    setErrors({});
    update.mutate(
      { playerId: player.id, body: result.data },
      {
        onSuccess: () => {
          toast({ title: 'Profile saved', description: 'Your changes are live.' });
          onDone();
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          toast({
            title: 'Could not save your profile',
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="Edit your profile">
      <PlayerProfileFields
        idPrefix="profile"
        values={values}
        errors={errors}
        set={set}
        onLocationBlur={placeChanged ? place.onBlur : undefined}
      />
      <fieldset className="grid gap-2" aria-describedby={errors.visibility ? 'profile-visibility-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-stone-900">Who can see my page</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {VISIBILITY_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-200 p-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-700"
            >
              <input
                type="radio"
                name="visibility"
                value={choice.value}
                checked={values.visibility === choice.value}
                onChange={() => set('visibility')(choice.value)}
                className="mt-0.5 size-4 accent-teal-700"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold text-stone-900">{choice.label}</span>
                <span className="text-xs text-stone-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.visibility && (
          <p id="profile-visibility-error" className="text-sm font-medium text-red-700">
            {errors.visibility}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button type="button" variant="outline" size="lg" onClick={onDone} className="w-full sm:w-auto">
          Cancel
        </Button>
        <Button type="submit" size="lg" loading={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
