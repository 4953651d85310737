import {
  asksStoreCount,
  EMPLOYEE_COUNTS,
  FIRST_ORDER_TIMINGS,
  STORE_COUNTS,
} from '@stemline/shared';
import { OptionSelect } from '../../ui';

export interface BusinessSizeValues {
  store_count: string;
  employee_count: string;
  first_order_timing: string;
}

/**
 * The three optional §9 questions both sign-up forms ask (the create-account page and the
 * hunter modal): how many stores (asked of a
 * florist only, the one business type the spec gives a storefront), how many employees, and
 * when the first order comes. '' means not answered; none is ever required.
 */
export function BusinessSizeQuestions({
  business,
  values,
  onChange,
}: {
  business: string;
  /** The form's answers; an absent one is not answered. */
  values: Partial<BusinessSizeValues>;
  onChange: (patch: Partial<BusinessSizeValues>) => void;
}) {
  return (
    <>
      {asksStoreCount(business) && (
        <OptionSelect
          label="How many stores do you have? (optional)"
          options={STORE_COUNTS}
          value={values.store_count ?? ''}
          onChange={(store_count) => onChange({ store_count })}
          isRequired={false}
        />
      )}
      <OptionSelect
        label="How many employees do you have? (optional)"
        options={EMPLOYEE_COUNTS}
        value={values.employee_count ?? ''}
        onChange={(employee_count) => onChange({ employee_count })}
        isRequired={false}
      />
      <OptionSelect
        label="When do you plan to place your first order? (optional)"
        options={FIRST_ORDER_TIMINGS}
        value={values.first_order_timing ?? ''}
        onChange={(first_order_timing) => onChange({ first_order_timing })}
        isRequired={false}
      />
    </>
  );
}
