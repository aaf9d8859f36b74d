/** The booking page's first step: the service, then the address the windows are found for. */
import { type FormEvent, useState } from "react";
import type { Service } from "./api";
import { formatLength, formatPriceFrom } from "./format";
import { Alert } from "./Step";

type Props = {
  services: Service[];
  service: string | null;
  address: string;
  /** The windows' answer when the address could not be used (not found, too far). */
  addressError: string | null;
  onService: (jobType: string) => void;
  onAddress: (address: string) => void;
  onFind: () => void;
};

export function ServiceAndAddress({
  services,
  service,
  address,
  addressError,
  onService,
  onAddress,
  onFind,
}: Props) {
  const [missing, setMissing] = useState<"service" | "address" | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const gap = service === null ? "service" : address.trim() === "" ? "address" : null;
    setMissing(gap);
    if (gap) document.getElementById(gap === "service" ? "service-0" : "address")?.focus();
    else onFind();
  };
  const addressMessage = missing === "address" ? "Enter the address of the visit" : addressError;
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="choices" aria-describedby={missing === "service" ? "service-error" : undefined}>
        <legend>Service</legend>
        {services.map((offered, index) => (
          <label key={offered.jobType} className="choice">
            <input
              id={`service-${index}`}
              type="radio"
              name="service"
              value={offered.jobType}
              checked={service === offered.jobType}
              onChange={() => onService(offered.jobType)}
            />
            <span className="choice__name">{offered.jobType}</span>
            <span className="choice__meta">
              {formatLength(offered.durationMinutes)}
              {offered.priceFrom != null && ` · ${formatPriceFrom(offered.priceFrom)}`}
            </span>
          </label>
        ))}
        {missing === "service" && <Alert id="service-error">Pick a service</Alert>}
      </fieldset>
      <div className="field">
        <label htmlFor="address">Address of the visit</label>
        <input
          id="address"
          name="address"
          type="text"
          autoComplete="street-address"
          value={address}
          aria-invalid={addressMessage ? true : undefined}
          aria-describedby={addressMessage ? "address-error" : "address-hint"}
          onChange={(event) => onAddress(event.target.value)}
        />
        <p id="address-hint" className="hint">
          Street, number and town, or a postal code.
        </p>
        {addressMessage && <Alert id="address-error">{addressMessage}</Alert>}
      </div>
      <button type="submit">Find arrival windows</button>
    </form>
  );
}
