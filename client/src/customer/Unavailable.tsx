/** A customer page that cannot show what its link asked for: a heading and, when known, why. */
export function Unavailable({ title, detail }: { title: string; detail?: string }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      {detail && <p>{detail}</p>}
    </main>
  );
}

/** What shows while the page's first answer is on its way. */
export function Loading() {
  return (
    <main className="page">
      <p className="loading" role="status">
        Loading…
      </p>
    </main>
  );
}
