/** Where a signed-out visitor was going, carried to /login in the location state (app/RequireAuth.tsx). */
export type SignInState = { from?: { pathname: string; search: string; hash: string } };
