/** Below 768px the app is laid out for a phone (docs/auth.md); a module without React for the early script. */
export const SMALL_SCREEN = "(max-width: 767px)";
