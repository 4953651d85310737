import { z } from 'zod';

/** `dismiss_notices`: the buyer has read these notices. */
export const dismissNoticesArgsSchema = z.object({
  keys: z.array(z.string().min(1).max(128)).min(1).max(100),
});
export type DismissNoticesArgs = z.infer<typeof dismissNoticesArgsSchema>;
