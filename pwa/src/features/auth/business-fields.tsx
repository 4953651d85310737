import {
  EVENTS_PER_YEAR,
  MAIN_BUSINESS_TYPES,
  OTHER_BUSINESS_TYPES,
  STOREFRONT_TYPES,
  followUpOf,
} from '@stemline/shared';
import { OptionSelect } from '../../ui';

export interface BusinessValues {
  business: string;
  other_business_type: string;
  events_per_year: string;
  storefront_type: string;
}

/**
 * Business Type with its follow-up questions (spec §3 business options): florists are asked the
 * storefront type, designers the events per year, and 'Other' lists the other business types.
 */
export function BusinessFields({
  values,
  errors,
  onChange,
}: {
  values: BusinessValues;
  errors: Partial<Record<keyof BusinessValues, string | undefined>>;
  onChange: (patch: Partial<BusinessValues>) => void;
}) {
  const followUp = followUpOf(values.business);
  return (
    <>
      <OptionSelect
        label="Business Type"
        options={MAIN_BUSINESS_TYPES}
        value={values.business}
        onChange={(business) => onChange({ business })}
        error={errors.business}
      />
      {followUp === 'storefront_type' && (
        <OptionSelect
          label="What kind of shop do you have?"
          options={STOREFRONT_TYPES}
          value={values.storefront_type}
          onChange={(storefront_type) => onChange({ storefront_type })}
          error={errors.storefront_type}
        />
      )}
      {followUp === 'events_per_year' && (
        <OptionSelect
          label="How many events do you do a year?"
          options={EVENTS_PER_YEAR}
          value={values.events_per_year}
          onChange={(events_per_year) => onChange({ events_per_year })}
          error={errors.events_per_year}
        />
      )}
      {values.business === 'other' && (
        <OptionSelect
          label="Which business?"
          options={OTHER_BUSINESS_TYPES}
          value={values.other_business_type}
          onChange={(other_business_type) => onChange({ other_business_type })}
          isRequired={false}
        />
      )}
    </>
  );
}
