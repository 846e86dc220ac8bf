import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';

type NameValues = { firstName: string; lastName: string };

/**
 * First and last name side by side, as every form that asks for a person's name shows them (sign-up, player
 * registration, a claim). `idPrefix`, where a form focuses its first invalid field, gives the inputs known ids
 * ("registration-firstName").
 */
export function NameFields({
  values,
  errors,
  set,
  idPrefix,
}: {
  values: NameValues;
  errors: Record<string, string>;
  set: (name: keyof NameValues) => (value: string) => void;
  idPrefix?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="First name" error={errors.firstName}>
        <Input
          id={idPrefix && `${idPrefix}-firstName`}
          autoComplete="given-name"
          value={values.firstName}
          onChange={(event) => set('firstName')(event.target.value)}
        />
      </FormField>
      <FormField label="Last name" error={errors.lastName}>
        <Input
          id={idPrefix && `${idPrefix}-lastName`}
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => set('lastName')(event.target.value)}
        />
      </FormField>
    </div>
  );
}
