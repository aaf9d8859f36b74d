import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";

type AuthCardProps = { title: string; subtitle: string; children: ReactNode; footer: ReactNode };

/** The centred card of the sign-in and registration pages. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  useEffect(() => {
    document.title = `${title} · Scheduler`;
  }, [title]);
  return (
    <main className="auth-page">
      <div className="auth-page__brand">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <span>Scheduler</span>
      </div>
      <section className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children}
      </section>
      <p className="auth-page__footer">{footer}</p>
    </main>
  );
}

/** The footer of the pages a person reaches from the sign-in page when a password is lost. */
export function BackToSignIn() {
  return (
    <>
      Remembered it? <Link to="/login">Sign in</Link>
    </>
  );
}
