import type { ComponentProps } from 'react';
import { NativeSelect } from '@client/components/ui/native-select';
import { REMOVAL_RULE_LABELS, REMOVAL_RULES, type RemovalRule } from '@common/removal-rules';

type RemovalRuleSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: RemovalRule | '';
  onChange: (rule: RemovalRule | '') => void;
  /** The empty first choice, which asks for a rule. */
  placeholder?: string;
};

/** A choice of the rules a rating may break (common/removal-rules.ts), by their short labels. */
export function RemovalRuleSelect({ value, onChange, placeholder = 'Pick a rule', ...props }: RemovalRuleSelectProps) {
  return (
    <NativeSelect {...props} value={value} onChange={(event) => onChange(event.target.value as RemovalRule | '')}>
      <option value="">{placeholder}</option>
      {REMOVAL_RULES.map((rule) => (
        <option key={rule} value={rule}>
          {REMOVAL_RULE_LABELS[rule]}
        </option>
      ))}
    </NativeSelect>
  );
}
