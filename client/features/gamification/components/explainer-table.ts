/** The look of the About tab's tables (categories, skill bands, ranks, reliability), kept alike across its sections. */
export const tableClasses = 'w-full text-left text-sm';
export const thClasses = 'border-b border-stone-200 px-3 py-2 font-semibold text-stone-700';
export const tdClasses = 'border-b border-stone-100 px-3 py-2 text-stone-800';
