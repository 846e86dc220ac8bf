/** The id of the JSON script holding the config a pre-rendered page was drawn with (a module of its own, so the
 * entry reads it without loading the app). */
export const PRERENDER_CONFIG_ID = 'app-config';
