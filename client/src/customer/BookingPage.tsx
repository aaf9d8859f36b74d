/**
 * /book/<slug> (docs/customer-pages.md): the company's online booking, its steps on one
 * page. Service and address, then the arrival windows for them, then the customer's
 * details and Book. The window a customer picks can be taken by someone else meanwhile:
 * the server answers 409 `window_taken` and the windows are shown again, fresh.
 */
import { useCallback, useEffect, useState } from "react";
import { createSubmitKey } from "../lib/idempotency";
import {
  ApiError,
  type ArrivalWindow,
  type Booked,
  type BookingInfo,
  getBooking,
  getWindows,
  postBooking,
} from "./api";
import { type Contact, ContactDetails, EMPTY_CONTACT } from "./ContactDetails";
import { formatDay, formatWindow, telHref } from "./format";
import { ServiceAndAddress } from "./ServiceAndAddress";
import { Alert, Step } from "./Step";
import { Loading, Unavailable } from "./Unavailable";
import { WindowPicker } from "./WindowPicker";

const NOT_AVAILABLE = "Online booking is not available";

type Stage = "search" | "windows" | "details";

export function BookingPage({ slug }: { slug: string }) {
  const [info, setInfo] = useState<BookingInfo | "missing" | ApiError | null>(null);
  const [service, setService] = useState<string | null>(null);
  const [address, setAddress] = useState("");
  const [addressError, setAddressError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>("search");
  /**
   * The search the windows are for, as the customer sent it (not every keystroke after);
   * a new one, or the same again after a window was taken, loads them afresh.
   */
  const [search, setSearch] = useState({ service: "", address: "", round: 0 });
  const [picked, setPicked] = useState<ArrivalWindow | null>(null);
  const [windowError, setWindowError] = useState<string | null>(null);
  const [contact, setContact] = useState<Contact>(EMPTY_CONTACT);
  const [busy, setBusy] = useState(false);
  const [bookError, setBookError] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const [submitKey] = useState(() => createSubmitKey());

  useEffect(() => {
    getBooking(slug).then(
      (answer) => {
        setInfo(answer);
        document.title = `Book online: ${answer.name}`;
        if (answer.services.length === 1) setService(answer.services[0].jobType);
      },
      (error: ApiError) => setInfo(error.status === 404 ? "missing" : error),
    );
  }, [slug]);

  const load = useCallback(
    (from: string, days: number) =>
      getWindows(slug, { service: search.service, address: search.address, from, days }),
    [slug, search],
  );
  const onWindowsError = useCallback((error: ApiError) => {
    if (error.status === 400 || error.status === 422) {
      setAddressError(error.message);
      setStage("search");
      document.getElementById("address")?.focus();
    }
  }, []);

  if (info === null) return <Loading />;
  if (info === "missing") return <Unavailable title={NOT_AVAILABLE} />;
  if (info instanceof ApiError) return <Unavailable title="This page could not load" detail={info.message} />;

  const find = () => {
    setAddressError(null);
    setPicked(null);
    setWindowError(null);
    setSearch((before) => ({ service: service ?? "", address: address.trim(), round: before.round + 1 }));
    setStage("windows");
  };

  const book = async () => {
    if (!picked) return;
    const request = {
      service: search.service,
      address: search.address,
      date: picked.date,
      start: picked.start,
      ...trimmed(contact),
    };
    setBusy(true);
    setBookError(null);
    try {
      setBooked(await postBooking(slug, request, submitKey.keyFor(request)));
      submitKey.renew();
    } catch (caught) {
      const error = caught as ApiError;
      if (error.code === "window_taken") {
        setPicked(null);
        setWindowError("That window was just taken: pick another");
        setSearch((before) => ({ ...before, round: before.round + 1 }));
        setStage("windows");
      } else if (error.status === 404) setInfo("missing");
      else setBookError(error.message);
    } finally {
      setBusy(false);
    }
  };

  if (booked) return <BookedPanel booked={booked} slot={picked} service={service} />;

  return (
    <main className="page">
      <h1>{info.name}</h1>
      <p className="lead">
        Book a visit online.
        {info.phone && (
          <>
            {" "}
            Questions? Call <a href={telHref(info.phone)}>{info.phone}</a>.
          </>
        )}
      </p>
      <Step title="What do you need?" focus={false}>
        <ServiceAndAddress
          services={info.services}
          service={service}
          address={address}
          addressError={addressError}
          onService={(jobType) => {
            setService(jobType);
            if (stage !== "search") setStage("search");
          }}
          onAddress={(text) => {
            setAddress(text);
            if (stage !== "search") setStage("search");
          }}
          onFind={find}
        />
      </Step>
      {stage !== "search" && (
        <Step key={search.round} title="Pick an arrival window" focus>
          <p className="hint">The technician arrives within the window you pick.</p>
          {windowError && <Alert>{windowError}</Alert>}
          <WindowPicker
            load={load}
            horizonDays={info.horizonDays}
            selected={picked}
            onSelect={(chosen) => {
              setPicked(chosen);
              setWindowError(null);
            }}
            onError={onWindowsError}
          />
          {stage === "windows" && (
            <button
              type="button"
              onClick={() => (picked ? setStage("details") : setWindowError("Pick a window"))}
            >
              Continue
            </button>
          )}
        </Step>
      )}
      {stage === "details" && picked && (
        <Step title="Your details" focus>
          <p className="hint">
            {formatDay(picked.date)}, {formatWindow(picked)}
          </p>
          <ContactDetails
            contact={contact}
            onChange={setContact}
            onBook={book}
            busy={busy}
            error={bookError}
          />
        </Step>
      )}
    </main>
  );
}

/** The details as sent: trimmed, and the optional ones left out when empty. */
function trimmed(contact: Contact) {
  const optional = (text: string) => (text.trim() === "" ? undefined : text.trim());
  return {
    name: contact.name.trim(),
    phone: optional(contact.phone),
    email: optional(contact.email),
    note: optional(contact.note),
    website: contact.website,
  };
}

/**
 * Inside another site's iframe (docs/customer-pages.md) the visit page opens in a tab of its
 * own: it may not be framed, and a customer keeps its link there.
 */
const isFramed = () => window.self !== window.top;

function BookedPanel({
  booked,
  slot,
  service,
}: {
  booked: Booked;
  slot: ArrivalWindow | null;
  service: string | null;
}) {
  const requested = booked.status === "requested";
  return (
    <main className="page">
      <Step title={requested ? "Request sent: we'll confirm soon" : "You're booked"} focus>
        {slot && (
          <p>
            {service}: {formatDay(slot.date)}, {formatWindow(slot)}
          </p>
        )}
        <p>
          <a href={booked.visitUrl} {...(isFramed() ? { target: "_blank", rel: "noopener" } : {})}>
            See your visit
          </a>
          : follow it, reschedule or cancel.
        </p>
      </Step>
    </main>
  );
}
