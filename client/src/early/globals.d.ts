/** The address of the board preview's script in a build, written in by the build (client/vite.config.ts). */
declare const __BOARD_PAINTER_URL__: string;
/** The app's own script (the page's module script), written in by the build. */
declare const __APP_ENTRY__: string;
