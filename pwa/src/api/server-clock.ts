/**
 * The offset between this device's clock and the server's, learned from the `X-Server-Time`
 * header of every answer. Reservation countdowns use server time; the device never decides expiry.
 */
let offsetMs = 0;

export const serverClock = {
  observe(header: string | null): void {
    const serverNow = Number(header);
    if (Number.isFinite(serverNow) && serverNow > 0) offsetMs = serverNow - Date.now();
  },
  now(): number {
    return Date.now() + offsetMs;
  },
  /** Server time minus device time: turns a device timestamp into the server's clock. */
  offset(): number {
    return offsetMs;
  },
};
