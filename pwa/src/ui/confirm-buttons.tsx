import { Button } from './button';

export interface ConfirmButtonsProps {
  keep: string;
  onKeep: () => void;
  act: string;
  onAct: () => void;
}

/** A confirmation's answers; the safe one has focus, as Escape would answer it. */
export function ConfirmButtons({ keep, onKeep, act, onAct }: ConfirmButtonsProps) {
  return (
    <>
      <Button variant="secondary" autoFocus onPress={onKeep}>
        {keep}
      </Button>
      <Button variant="danger" onPress={onAct}>
        {act}
      </Button>
    </>
  );
}
