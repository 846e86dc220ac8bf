import { LocationInput } from '@client/components/location-input';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useToast } from '@client/components/ui/use-toast';
import { usePlaceCheck } from '@client/lib/place-check';
import { ChevronRight } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import type { NewPlayerDetails } from '../rating-draft';

/**
 * docs/product.md#rate-a-player wizard step 1, "Add as new player": first and last name (required), optional city
 * (with the place suggestions, a pick fills the state too) and state; a place given must be one the ZIP data knows
 * (docs/product.md#places).
 */
export function NewPlayerForm({
  initialName,
  onCancel,
  onSubmit,
}: {
  initialName: string;
  onCancel: () => void;
  onSubmit: (details: NewPlayerDetails) => void;
}) {
  const { toast, dismiss } = useToast();
  const checkPlace = usePlaceCheck();
  const warning = useRef<number | null>(null);
  const [first, ...rest] = initialName.trim().split(/\s+/);
  const [details, setDetails] = useState<NewPlayerDetails>({
    firstName: first ?? '',
    lastName: rest.join(' '),
    city: '',
    state: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof NewPlayerDetails, string>>>({});
  const set = (name: keyof NewPlayerDetails) => (value: string) => {
    setDetails((current) => ({ ...current, [name]: value }));
    // A corrected field no longer shows its error; a changed city or state is another place, checked at the next submit.
    if (value.trim()) setErrors((current) => ({ ...current, [name]: undefined }));
    if (name === 'city' || name === 'state') setErrors((current) => ({ ...current, city: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const place = [details.city.trim(), details.state.trim()].filter(Boolean).join(', ');
    const next = {
      firstName: details.firstName.trim() ? undefined : 'First name is required',
      lastName: details.lastName.trim() ? undefined : 'Last name is required',
      city: (await checkPlace(place)) ?? undefined,
    };
    setErrors(next);
    if (next.city && !next.firstName && !next.lastName) {
      document.getElementById('new-player-city')?.focus();
      return;
    }
    if (next.firstName || next.lastName) {
      // docs/product.md#validation-messages: a new player requires first and last name.
      warning.current = toast({
        title: 'Missing player details',
        description: "Please enter the new player's first and last name.",
        variant: 'destructive',
      });
      return;
    }
    // The warning is settled: it should not follow the player into step 2.
    if (warning.current !== null) dismiss(warning.current);
    onSubmit(details);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
      aria-labelledby="new-player-heading"
    >
      <h3 id="new-player-heading" className="text-base font-bold text-stone-900">
        Add a new player
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName}>
          <Input
            id="new-player-firstName"
            value={details.firstName}
            onChange={(event) => set('firstName')(event.target.value)}
          />
        </FormField>
        <FormField label="Last name" error={errors.lastName}>
          <Input value={details.lastName} onChange={(event) => set('lastName')(event.target.value)} />
        </FormField>
        <FormField label="City" optional error={errors.city}>
          <LocationInput
            id="new-player-city"
            value={details.city}
            onChange={set('city')}
            onPick={(suggestion) =>
              setDetails((current) => ({ ...current, city: suggestion.city, state: suggestion.state }))
            }
            placeholder="e.g. Austin or 78701"
          />
        </FormField>
        <FormField label="State" optional>
          <Input
            placeholder="e.g. TX or Texas"
            value={details.state}
            onChange={(event) => set('state')(event.target.value)}
          />
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Back to search
        </Button>
        <Button type="submit">
          Continue to Ratings
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </div>
    </form>
  );
}
