/**
 * The customer's pages (customer.html): /book/<slug> and /visit/<token>, light and
 * apart from the office app (docs/customer-pages.md). React and these files only.
 */
import { createRoot } from "react-dom/client";
import { BookingPage } from "./BookingPage";
import { InvoicePage } from "./InvoicePage";
import { pageOf } from "./pages";
import { QuotePage } from "./QuotePage";
import { Unavailable } from "./Unavailable";
import { VisitPage } from "./VisitPage";
import "./customer.css";
import "./documents.css";

const page = pageOf(window.location.pathname);

createRoot(document.getElementById("root")!).render(
  page.page === "book" ? (
    <BookingPage slug={page.slug} />
  ) : page.page === "visit" ? (
    <VisitPage token={page.token} />
  ) : page.page === "invoice" ? (
    <InvoicePage token={page.token} />
  ) : page.page === "quote" ? (
    <QuotePage token={page.token} />
  ) : (
    <Unavailable title="Page not found" />
  ),
);
