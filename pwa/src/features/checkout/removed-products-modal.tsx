import { checkoutMessages, formatEtaDate, type RemovedProduct } from '@stemline/shared';
import { Button, ModalDialog } from '../../ui';

/**
 * Spec §2 and §4: the message modal a guest sees when products were removed from the cart. It
 * names each product, its boxes and date, and why it went.
 */
export function RemovedProductsModal({
  products,
  message,
  isOpen,
  onClose,
}: {
  products: readonly RemovedProduct[];
  /** The server's explanation, shown when it did not list the products one by one. */
  message?: string | undefined;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Some products were removed"
      subtitle={checkoutMessages.productsRemoved}
      role="alertdialog"
      hideCloseButton
      footer={<Button onPress={onClose}>OK, got it</Button>}
    >
      {products.length === 0 && message !== undefined && <p>{message}</p>}
      <ul className="removed-products">
        {products.map((product, index) => (
          <li key={`${product.variety_name}-${product.eta_date}-${index}`}>
            <strong>{product.variety_name}</strong> — {product.boxes}{' '}
            {product.boxes === 1 ? 'box' : 'boxes'} for {formatEtaDate(product.eta_date)}:{' '}
            {product.reason}
          </li>
        ))}
      </ul>
    </ModalDialog>
  );
}
