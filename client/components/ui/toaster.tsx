import { cn } from '@client/lib/cn';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { focusRing } from './button';
import { TOAST_DURATION_MS, dismissToast, useToasts, type ToastVariant } from './use-toast';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-stone-200 bg-white text-stone-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-200 bg-red-50 text-red-950',
};

const icons = { default: Info, success: CircleCheck, destructive: CircleAlert } as const;
const iconClasses: Record<ToastVariant, string> = {
  default: 'text-teal-700',
  success: 'text-emerald-700',
  destructive: 'text-red-700',
};

/** Toasts (docs/product.md#limits-and-timings): 5000 ms, swipe right past 50 px to dismiss, F8 focuses the viewport, max 420 px wide from md up. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => {
        const Icon = icons[variant];
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            duration={duration}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
              'data-[state=open]:animate-[toast-in_200ms_ease-out] data-[state=closed]:animate-[fade-out_150ms_ease-in]',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
              'data-[swipe=end]:animate-[swipe-out_150ms_ease-out]',
              variantClasses[variant],
            )}
          >
            <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconClasses[variant])} />
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-bold">{title}</ToastPrimitive.Title>
              {description && (
                <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              className={cn(
                'tap-target absolute top-2.5 right-2.5 grid size-7 place-items-center rounded-md opacity-70 hover:opacity-100',
                focusRing,
              )}
            >
              <X aria-hidden className="size-4" />
              <span className="sr-only">Dismiss notification</span>
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-3 outline-none sm:p-4 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
