import { LogoMark } from '@client/components/brand/logo';

/** docs/product.md#pages: shown while the auth state loads (and while a screen's code loads). */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="grid min-h-[60dvh] place-items-center px-4">
      <div className="flex flex-col items-center gap-4">
        <LogoMark className="size-14 animate-bounce [animation-duration:1.4s]" />
        <p className="text-sm font-medium text-stone-600">{label}</p>
      </div>
    </div>
  );
}
