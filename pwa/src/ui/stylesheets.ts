/**
 * The UI kit's stylesheets in cascade order: tokens, then each component's. Each component also
 * imports its own; the first import decides the place in the app's one stylesheet, and this
 * module is imported first, by main.tsx, before any feature code. So every kit rule comes before
 * every feature rule, and the kit's order-dependent rules keep their order (e.g.
 * `.sl-button .sl-spinner` after `.sl-spinner[data-size]`). The kit's index.ts does not import it:
 * a barrel with a side effect would make every component it names part of the first screen.
 *
 * Conventions:
 *   .sl-<component>            the root a wrapper renders (sl-button, sl-field, sl-modal…)
 *   .sl-<component>__<part>    a part inside it (sl-field__label, sl-dialog__footer…)
 *   [data-variant], [data-size], [data-status], [data-shape]   options the wrapper sets
 *   [data-hovered], [data-pressed], [data-selected], [data-invalid], [data-disabled],
 *   [data-pending], [data-focus-visible], [data-entering], [data-exiting]   react-aria states
 * Values come from tokens.css. Feature CSS should not restyle these classes; add a variant here.
 */
import './tokens.css';
import './icons.css';
import './visually-hidden.css';
import './stacked-table.css';
import './message-row.css';
import './motion.css';
import './button.css';
import './link.css';
import './field.css';
import './number-field.css';
import './select.css';
import './segmented-control.css';
import './modal-dialog.css';
import './toast-region.css';
import './status-pill.css';
import './spinner.css';
import './skeleton.css';
import './empty-state.css';
import './meter.css';
import './toggle-icon-button.css';
import './calendar.css';
import './checkbox-group.css';
import './form-row.css';
