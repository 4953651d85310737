import { describe, expect, it } from 'vitest';
import { deliveryMessages, messages } from '../messages';
import { validateAddressForm, type AddressField } from './address-form';

const valid = { address: '120 Main Street', city: 'Hoboken', state: 'NJ', zipcode: '07030' };
const TOO_LONG = deliveryMessages.addressTooLong(25);

describe('validateAddressForm', () => {
  it('accepts a plain address and gives it back', () => {
    expect(validateAddressForm(valid)).toEqual({ ok: true, value: valid });
  });

  const normalised: {
    name: string;
    input: Partial<typeof valid>;
    expected: Partial<typeof valid>;
  }[] = [
    {
      name: 'trims spaces around every field',
      input: {
        address: '  120 Main Street ',
        city: ' Hoboken  ',
        zipcode: ' 07030 ',
        state: ' NJ',
      },
      expected: { address: '120 Main Street', city: 'Hoboken', zipcode: '07030', state: 'NJ' },
    },
    {
      name: 'makes runs of spaces inside one space',
      input: { address: '120   Main  Street', city: 'Salt  Lake  City' },
      expected: { address: '120 Main Street', city: 'Salt Lake City' },
    },
    {
      name: 'composes a decomposed accent (NFC)',
      input: { city: 'Can\u0303on City' },
      expected: { city: 'Cañon City' },
    },
    {
      name: 'counts the 25 characters after collapsing spaces',
      input: { address: '1234567890    12345678901234' },
      expected: { address: '1234567890 12345678901234' },
    },
  ];
  for (const { name, input, expected } of normalised) {
    it(name, () => {
      const result = validateAddressForm({ ...valid, ...input });
      expect(result.ok ? result.value : result).toEqual({ ...valid, ...expected });
    });
  }

  const cases: { name: string; field: AddressField; value: unknown; message: string }[] = [
    // Street: required, up to 25 characters, letters, digits and spaces only.
    { name: 'an empty street', field: 'address', value: '', message: messages.fieldRequired },
    {
      name: 'a street of spaces',
      field: 'address',
      value: '    ',
      message: messages.fieldRequired,
    },
    {
      name: 'a missing street',
      field: 'address',
      value: undefined,
      message: messages.fieldRequired,
    },
    {
      name: 'a street that is a number',
      field: 'address',
      value: 120,
      message: messages.fieldRequired,
    },
    {
      name: 'a street of 26 characters',
      field: 'address',
      value: 'a'.repeat(26),
      message: TOO_LONG,
    },
    {
      name: 'a street with a period',
      field: 'address',
      value: '120 Main St.',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a comma',
      field: 'address',
      value: '120 Main, Apt 4',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a hash',
      field: 'address',
      value: 'Unit #4',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a hyphen',
      field: 'address',
      value: '12-14 Elm',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a tab inside',
      field: 'address',
      value: '120\tMain',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a newline inside',
      field: 'address',
      value: '120\nMain',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a no-break space',
      field: 'address',
      value: '120\u00a0Main',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a zero-width space',
      field: 'address',
      value: '120\u200bMain',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a right-to-left override',
      field: 'address',
      value: '\u202e120 Main',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with markup',
      field: 'address',
      value: '<b>120 Main</b>',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with SQL',
      field: 'address',
      value: "1'; DROP TABLE x;--",
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with an emoji',
      field: 'address',
      value: '120 Main 🌹',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with full-width digits',
      field: 'address',
      value: '１２０ Main',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street of lone combining marks',
      field: 'address',
      value: '\u0301\u0301',
      message: deliveryMessages.streetCharacters,
    },
    {
      name: 'a street with a stacked-accent letter past 25 code points',
      field: 'address',
      value: `a${'\u0301'.repeat(30)}`,
      message: TOO_LONG,
    },
    {
      name: 'a street of 10,000 characters',
      field: 'address',
      value: '1'.repeat(10_000),
      message: TOO_LONG,
    },
    // City: required, up to 25 characters, letters and spaces only.
    { name: 'an empty city', field: 'city', value: '', message: messages.fieldRequired },
    { name: 'a null city', field: 'city', value: null, message: messages.fieldRequired },
    { name: 'a city of 26 letters', field: 'city', value: 'b'.repeat(26), message: TOO_LONG },
    {
      name: 'a city with digits',
      field: 'city',
      value: 'District 9',
      message: deliveryMessages.cityCharacters,
    },
    {
      name: 'a city with a period',
      field: 'city',
      value: 'St. Louis',
      message: deliveryMessages.cityCharacters,
    },
    {
      name: 'a city with an apostrophe',
      field: 'city',
      value: "Coeur d'Alene",
      message: deliveryMessages.cityCharacters,
    },
    {
      name: 'a city with an emoji',
      field: 'city',
      value: 'Miami 🌴',
      message: deliveryMessages.cityCharacters,
    },
    // State: one of the select's codes.
    { name: 'an empty state', field: 'state', value: '', message: deliveryMessages.chooseState },
    {
      name: 'a state name instead of its code',
      field: 'state',
      value: 'New Jersey',
      message: deliveryMessages.chooseState,
    },
    {
      name: 'a lower-case code',
      field: 'state',
      value: 'nj',
      message: deliveryMessages.chooseState,
    },
    { name: 'an unknown code', field: 'state', value: 'XX', message: deliveryMessages.chooseState },
    {
      name: 'an inherited property as state',
      field: 'state',
      value: 'constructor',
      message: deliveryMessages.chooseState,
    },
    {
      name: 'a state object',
      field: 'state',
      value: { abbreviation: 'NJ' },
      message: deliveryMessages.chooseState,
    },
    // Zipcode: required, exactly 5 digits.
    { name: 'an empty zipcode', field: 'zipcode', value: '', message: messages.zipcodeDigits },
    {
      name: 'a zipcode of 4 digits',
      field: 'zipcode',
      value: '0703',
      message: messages.zipcodeDigits,
    },
    {
      name: 'a zipcode of 6 digits',
      field: 'zipcode',
      value: '070301',
      message: messages.zipcodeDigits,
    },
    {
      name: 'a ZIP+4 code',
      field: 'zipcode',
      value: '07030-1234',
      message: messages.zipcodeDigits,
    },
    {
      name: 'a zipcode with a space inside',
      field: 'zipcode',
      value: '070 30',
      message: messages.zipcodeDigits,
    },
    {
      name: 'a zipcode with letters',
      field: 'zipcode',
      value: 'O7O3O',
      message: messages.zipcodeDigits,
    },
    {
      name: 'a zipcode in full-width digits',
      field: 'zipcode',
      value: '０７０３０',
      message: messages.zipcodeDigits,
    },
    {
      name: 'a zipcode in Arabic-Indic digits',
      field: 'zipcode',
      value: '٠٧٠٣٠',
      message: messages.zipcodeDigits,
    },
    {
      name: 'a zipcode sent as a number',
      field: 'zipcode',
      value: 7030,
      message: messages.zipcodeDigits,
    },
    {
      name: 'a negative zipcode',
      field: 'zipcode',
      value: '-7030',
      message: messages.zipcodeDigits,
    },
  ];
  for (const { name, field, value, message } of cases) {
    it(`refuses ${name}: '${message}'`, () => {
      const result = validateAddressForm({ ...valid, [field]: value });
      expect(result).toEqual({ ok: false, errors: { [field]: message }, message });
    });
  }

  it('accepts exactly 25 characters in street and city', () => {
    const result = validateAddressForm({ ...valid, address: '1'.repeat(25), city: 'c'.repeat(25) });
    expect(result.ok).toBe(true);
  });

  it('accepts letters of other alphabets', () => {
    const result = validateAddressForm({ ...valid, address: '12 Calle Ñandú', city: 'São Paulo' });
    expect(result.ok).toBe(true);
  });

  it('reports every invalid field at once, the first one as the message', () => {
    const result = validateAddressForm({ address: '', city: 'Area 51', state: '', zipcode: '1' });
    expect(result).toEqual({
      ok: false,
      message: messages.fieldRequired,
      errors: {
        address: messages.fieldRequired,
        city: deliveryMessages.cityCharacters,
        state: deliveryMessages.chooseState,
        zipcode: messages.zipcodeDigits,
      },
    });
  });
});
