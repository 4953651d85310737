import { ADDRESS_CITY_MAX, ADDRESS_STREET_MAX } from '../constants';
import { deliveryMessages, messages } from '../messages';
import { isUsStateCode, type UsStateCode } from '../us-states';

/** The four fields of the address form, by their spec §3 names (`address` is the street). */
export type AddressField = 'address' | 'city' | 'state' | 'zipcode';
export const ADDRESS_FIELDS: readonly AddressField[] = ['address', 'city', 'state', 'zipcode'];

/** An address that passed the form rules, its text normalised. */
export interface AddressFields {
  address: string;
  city: string;
  state: UsStateCode;
  zipcode: string;
}

/** The message each invalid field shows under itself. */
export type AddressFormErrors = Partial<Record<AddressField, string>>;

export type AddressFormResult =
  { ok: true; value: AddressFields } | { ok: false; errors: AddressFormErrors; message: string };

// A letter may carry combining marks (decomposed accents); a mark on its own is not a letter.
const STREET_PATTERN = /^(?:\p{L}\p{M}*|[0-9]| )+$/u;
const CITY_PATTERN = /^(?:\p{L}\p{M}*| )+$/u;
const ZIPCODE_PATTERN = /^[0-9]{5}$/;

/**
 * Spec §5 address form rules, run by the form as the buyer types and by the server on every
 * save: Street required, at most 25 characters, letters, digits and spaces only; City required,
 * at most 25 characters, letters and spaces only; State one of `US_STATES`; Zipcode exactly 5
 * digits ('Please fill in the 5 digits of your zipcode.'). Text is NFC-normalised, trimmed and
 * runs of spaces collapsed before the checks; tabs, newlines and other spaces are refused.
 * Characters are counted as code points. `message` is the first field's message.
 */
export function validateAddressForm(input: Record<AddressField, unknown>): AddressFormResult {
  const address = normalizeAddressText(input.address);
  const city = normalizeAddressText(input.city);
  const state = normalizeAddressText(input.state);
  const zipcode = normalizeAddressText(input.zipcode);
  const errors: AddressFormErrors = {};

  const streetError = textError(
    address,
    ADDRESS_STREET_MAX,
    STREET_PATTERN,
    deliveryMessages.streetCharacters,
  );
  if (streetError) errors.address = streetError;
  const cityError = textError(
    city,
    ADDRESS_CITY_MAX,
    CITY_PATTERN,
    deliveryMessages.cityCharacters,
  );
  if (cityError) errors.city = cityError;
  if (!isUsStateCode(state)) errors.state = deliveryMessages.chooseState;
  if (!ZIPCODE_PATTERN.test(zipcode)) errors.zipcode = messages.zipcodeDigits;

  const first = ADDRESS_FIELDS.map((field) => errors[field]).find(Boolean);
  if (first !== undefined || !isUsStateCode(state)) {
    return { ok: false, errors, message: first ?? deliveryMessages.chooseState };
  }
  return { ok: true, value: { address, city, state, zipcode } };
}

/** NFC, trimmed, runs of plain spaces made one; anything but a string reads as empty. */
export function normalizeAddressText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.normalize('NFC').trim().replace(/ {2,}/g, ' ');
}

function textError(
  value: string,
  max: number,
  pattern: RegExp,
  charactersMessage: string,
): string | undefined {
  if (value === '') return messages.fieldRequired;
  if ([...value].length > max) return deliveryMessages.addressTooLong(max);
  if (!pattern.test(value)) return charactersMessage;
  return undefined;
}
