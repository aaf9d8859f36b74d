/**
 * The sign-in page's shape from client/index.html (the page's first paint, styled there),
 * drawn while /login's code and who is signed in load: on a slow network the first paint
 * stays until the form replaces it, instead of a grey page with a spinner.
 */
export function BootShell() {
  return (
    <div className="boot" role="status" aria-label="Loading">
      <div className="boot__brand">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <span>Scheduler</span>
      </div>
      <div className="boot__card">
        <div className="boot__line boot__line--title" />
        <div className="boot__line boot__line--subtitle" />
        <div className="boot__line" />
        <div className="boot__field" />
        <div className="boot__line" />
        <div className="boot__field" />
        <div className="boot__button" />
      </div>
    </div>
  );
}
