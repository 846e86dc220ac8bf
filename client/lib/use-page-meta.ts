import type { PageMeta } from '@common/seo';
import { useEffect } from 'react';
import { applyPageMeta } from './seo';

/** Sets the page's head tags (docs/product.md#page-metadata) while it is shown. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, path } = meta;
  useEffect(() => {
    applyPageMeta({ title, description, path });
  }, [title, description, path]);
}
