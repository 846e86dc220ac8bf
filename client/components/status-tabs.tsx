import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Tailwind reads whole class names, so each phone layout is written out. */
const LIST_CLASSES = {
  2: 'w-full max-sm:grid max-sm:grid-cols-2 sm:w-auto',
  3: 'w-full max-sm:grid max-sm:grid-cols-3 sm:w-auto',
} as const;

/**
 * An admin queue by status (Pending, Approved, ...): one tab a status with its icon, the count still waiting on
 * Pending, and below, the list of the status picked (`children`).
 */
export function StatusTabs<Status extends string>({
  label,
  statuses,
  tabs,
  value,
  onChange,
  pendingCount,
  phoneColumns,
  children,
}: {
  /** What the tabs pick, for screen readers: "Request status". */
  label: string;
  statuses: readonly Status[];
  tabs: Record<Status, { label: string; icon: LucideIcon }>;
  value: Status;
  onChange: (status: Status) => void;
  pendingCount: number;
  /** How many tabs stand in a row on a phone. */
  phoneColumns: keyof typeof LIST_CLASSES;
  children: (status: Status) => ReactNode;
}) {
  return (
    <Tabs value={value} onValueChange={(next) => onChange(next as Status)}>
      <TabsList aria-label={label} className={LIST_CLASSES[phoneColumns]}>
        {statuses.map((status) => {
          const { label: tabLabel, icon: Icon } = tabs[status];
          return (
            <TabsTrigger key={status} value={status} className="flex-1 px-2 sm:flex-none sm:px-3">
              <Icon aria-hidden className="hidden size-4 sm:block" />
              {tabLabel}
              {status === 'pending' && pendingCount > 0 && (
                <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-xs leading-none font-bold text-white">
                  {pendingCount}
                </span>
              )}
            </TabsTrigger>
          );
        })}
      </TabsList>
      {statuses.map((status) => (
        <TabsContent key={status} value={status} className="rounded-xl">
          {children(status)}
        </TabsContent>
      ))}
    </Tabs>
  );
}
