import { cn } from '@client/lib/cn';
import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { fieldClasses } from './input';

export type SelectOption = { value: string; label: string; disabled?: boolean };

/**
 * A Radix select with a list of options. Give it `id` (for a FormField label) or `aria-label`.
 * For plain forms on phones prefer NativeSelect.
 */
export function Select({
  options,
  value,
  onValueChange,
  placeholder = 'Select…',
  id,
  className,
  disabled,
  name,
  required,
  ...aria
}: {
  options: readonly SelectOption[];
  value: string | undefined;
  onValueChange: (value: string) => void;
  placeholder?: string;
  id?: string;
  className?: string;
  disabled?: boolean;
  name?: string;
  required?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <SelectPrimitive.Root
      value={value || undefined}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      required={required}
    >
      <SelectPrimitive.Trigger
        id={id}
        className={cn(fieldClasses, 'flex h-10 items-center justify-between gap-2 text-left', className)}
        {...aria}
      >
        <SelectPrimitive.Value placeholder={<span className="text-stone-500">{placeholder}</span>} />
        <SelectPrimitive.Icon>
          <ChevronDown aria-hidden className="size-4 text-stone-500" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-72 min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg"
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </SelectItem>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex cursor-pointer items-center rounded-lg py-2 pr-8 pl-3 text-sm text-stone-800 outline-none select-none',
        'data-disabled:pointer-events-none data-disabled:opacity-50 data-highlighted:bg-teal-50 data-highlighted:text-teal-900',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      <SelectPrimitive.ItemIndicator className="absolute right-2">
        <Check aria-hidden className="size-4" />
      </SelectPrimitive.ItemIndicator>
    </SelectPrimitive.Item>
  );
}
