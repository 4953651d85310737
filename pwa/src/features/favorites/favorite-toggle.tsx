import { checkoutMessages, stemlineMessages } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { isQuotaError } from '../../sync/outbox';
import { HeartIcon, showToast, ToggleIconButton } from '../../ui';
import { useFavorite, useToggleFavorite } from './use-favorite';
import './favorites.css';

export interface FavoriteToggleProps {
  varietyKey: string;
  /** Names the button: "Favourite Freedom". */
  varietyName: string;
  className?: string | undefined;
}

/**
 * The heart on a product: pressed means favourite. It works offline — the change is queued and
 * shown at once, and syncs by itself. Visitors without an account see no heart.
 */
export function FavoriteToggle({ varietyKey, varietyName, className }: FavoriteToggleProps) {
  const db = useAccountDb();
  const { favorited, pending } = useFavorite(db, varietyKey);
  const toggle = useToggleFavorite(db, varietyKey);
  if (!db) return null;
  return (
    <ToggleIconButton
      {...(className !== undefined && { className })}
      aria-label={`Favourite ${varietyName}`}
      icon={<HeartIcon />}
      isSelected={favorited}
      data-pending-sync={pending || undefined}
      onChange={(selected) => {
        toggle(selected).catch((error: unknown) => {
          showToast({
            title: checkoutMessages.favoriteNotSaved,
            variant: 'error',
            description: isQuotaError(error) ? stemlineMessages.storageFull : undefined,
          });
        });
      }}
    />
  );
}
