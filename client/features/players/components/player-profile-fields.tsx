import { LocationInput } from '@client/components/location-input';
import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import { SKILL_LEVELS, YEARS_PLAYING } from '@common/constants';
import { PLAYER_BIO_MAX } from '@common/schemas/players';

type ProfileFields = { skillLevel: string; yearsPlaying: string; location: string; bio: string };

/**
 * The fields registration and the profile edit share: skill level, years playing, location (with ZIP/city
 * suggestions) and bio. `idPrefix` keeps each form's field ids apart ("registration-bio", "profile-bio").
 */
export function PlayerProfileFields({
  idPrefix,
  values,
  errors,
  set,
  onLocationBlur,
  skillPlaceholder,
}: {
  idPrefix: string;
  values: ProfileFields;
  errors: Record<string, string>;
  set: (name: keyof ProfileFields) => (value: string) => void;
  /** The location field lost focus: the form checks the place (docs/product.md#places). */
  onLocationBlur?: () => void;
  /** A first option that cannot be picked, while no level is chosen yet. */
  skillPlaceholder?: string;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Skill level" error={errors.skillLevel} hint="Shown as “Unverified” until verified.">
          <NativeSelect
            id={`${idPrefix}-skillLevel`}
            value={values.skillLevel}
            onChange={(event) => set('skillLevel')(event.target.value)}
          >
            {skillPlaceholder && (
              <option value="" disabled>
                {skillPlaceholder}
              </option>
            )}
            {SKILL_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Years playing" optional error={errors.yearsPlaying}>
          <NativeSelect
            id={`${idPrefix}-yearsPlaying`}
            value={values.yearsPlaying}
            onChange={(event) => set('yearsPlaying')(event.target.value)}
          >
            <option value="">Prefer not to say</option>
            {YEARS_PLAYING.map((years) => (
              <option key={years} value={years}>
                {years === '<1' ? 'Less than 1 year' : `${years} years`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        label="Location"
        error={errors.location}
        hint="Start typing a US ZIP code or a city and pick a suggestion."
      >
        <LocationInput
          id={`${idPrefix}-location`}
          value={values.location}
          onChange={set('location')}
          onBlur={onLocationBlur}
          placeholder="e.g. 78701 or Austin, TX"
        />
      </FormField>
      <FormField label="About you" optional error={errors.bio}>
        <CountedTextarea
          id={`${idPrefix}-bio`}
          rows={3}
          max={PLAYER_BIO_MAX}
          placeholder="Where you play, your favourite shot, what you are working on…"
          value={values.bio}
          onChange={(event) => set('bio')(event.target.value)}
        />
      </FormField>
    </>
  );
}
