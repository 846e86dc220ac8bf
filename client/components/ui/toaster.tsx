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
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-3 pr-10 shadow-lg md:p-4',
              'data-[state=open]:animate-[toast-down_200ms_ease-out] data-[state=closed]:animate-[fade-out_150ms_ease-in]',
              'md:data-[state=open]:animate-[toast-in_200ms_ease-out]',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
              'data-[swipe=end]:animate-[swipe-out_150ms_ease-out]',
              variantClasses[variant],
            )}
          >
            <Icon aria-hidden className={cn('mt-0.5 size-5 shrink-0', iconClasses[variant])} />
            <div className="grid min-w-0 gap-1 wrap-anywhere">
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
      {/* On a phone a toast comes down over the top bar (under a notch too), never over the page's content or the
          actions at its foot; from md up it sits in the bottom right corner, at most 420 px wide. The empty
          viewport lets taps through to the page. */}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex max-h-screen flex-col gap-2 p-2 pt-[max(0.5rem,env(safe-area-inset-top))] outline-none md:top-auto md:bottom-0 md:left-auto md:w-full md:max-w-[420px] md:p-4"
      />
    </ToastPrimitive.Provider>
  );
}
