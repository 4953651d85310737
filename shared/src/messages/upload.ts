/** The chunked, resumable upload of claim photos and videos (`/api/uploads`, issue 24). */
export const uploadMessages = {
  uploadNotFound: 'That upload was not found. Please start it again.',
  wrongOffset: (offset: number) => `The upload goes on from byte ${offset}.`,
  overrun: 'The upload sent more bytes than it announced.',
  emptyPart: 'The upload sent an empty part.',
  uploadInterrupted: 'The part was cut off before it all arrived. Please send it again.',
  busy: 'A part of this upload is still arriving. Please try again in a moment.',
  rangeNotSatisfiable: (bytes: number) =>
    `That part of the file does not exist: the file has ${bytes} bytes.`,
  dailyBytesSpent: (megabytes: number) =>
    `You can upload at most ${megabytes} MB of photos and videos in 24 hours. Please try again later.`,
  dailyFoldersSpent: (max: number) =>
    `You can upload files for at most ${max} claims in 24 hours. Please try again later.`,
} as const;
