export { DeliveryAddressButton, DeliveryBar, DeliveryDateButton } from './delivery-bar';
export {
  DeliveryProvider,
  useAddressPicker,
  useDeliveryDatePicker,
  type AddressPicker,
  type DeliveryDatePicker,
} from './delivery-context';
export { useDeliveryDate, type DeliveryDate } from './use-delivery-date';
