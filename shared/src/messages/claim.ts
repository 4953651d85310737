import { stemlineMessages } from './stemline';

/**
 * Claims on delivered flowers (issue 24). Spec §8: an error containing 'existing claim' is a
 * duplicate claim, so `duplicateClaim` must keep those words.
 */
export const claimMessages = {
  duplicateClaim: (variety: string) =>
    `There is an existing claim for ${variety} on this order. Withdraw it to file a new one.`,
  /** Heads the duplicate-claim messages collected on the claims page (spec §8). */
  duplicateClaimsTitle: 'Already claimed',
  notArrived: (variety: string) => `${variety} has not arrived yet: claims open once it arrives.`,
  windowClosed: (variety: string, hours: number) =>
    `Claims on ${variety} closed ${hours} hours after it arrived.`,
  tooManyUnits: (variety: string, delivered: number, uom: string) =>
    `You can claim at most ${delivered} ${uom}s of ${variety}: that is what was delivered.`,
  lineCancelled: (variety: string) => `${variety} was cancelled, so it cannot be claimed.`,
  lineNotOnOrder: 'That line is not on this order.',
  lineTwice: 'Each line can be claimed once per claim.',
  needsPhotos: (photos: number, videos: number) =>
    `Add at least ${photos} photos or ${videos} video of the damaged stems and the box label.`,
  tooManyFiles: (max: number) => `A claim can carry at most ${max} photos and videos.`,
  claimNotFound: 'That claim was not found.',
  orderNotFound: 'That order was not found.',
  claimLocked: 'This claim is already in review, so it can no longer be changed or withdrawn.',
  claimSubmitted: (number: string) =>
    `Claim ${number} was submitted. We review it within 2 business days.`,
  claimUpdated: (number: string) => `Claim ${number} was updated.`,
  claimWithdrawn: (number: string) => `Claim ${number} was withdrawn.`,
  /** Shown on a claim while its withdrawal waits for the server. */
  claimWithdrawing: 'Withdrawing',
  withdrawExplained:
    'The claim and its photos are taken back, and its lines can be claimed again while the claim window is open.',
  withdrawalNotSaved: 'The withdrawal could not be kept on this device. Please try again.',
  /** Shown on a claim while its change waits for the server. */
  claimUpdating: 'Updating',
  editExplained:
    'Change the units, the reason or what happened. The photos and videos already sent stay with the claim.',
  claimNeedsALine: 'Keep at least one line with units to claim, or withdraw the claim.',
  changeNotSaved: stemlineMessages.changeNotKept,
  claimCredited: (number: string, amount: string) =>
    `Claim ${number} was credited: ${amount} is on your balance.`,
  claimDeclined: (number: string, reason: string) => `Claim ${number} was declined: ${reason}`,
  claimInReview: (number: string) => `Claim ${number} is in review.`,
  fileTypeNotAllowed:
    'Only photos (png, jpg, jpeg) and videos (mp4, avi, mov, wmv, m4v, webm) can be uploaded.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: (kind: 'photo' | 'video', megabytes: number) =>
    `This ${kind} is too large: at most ${megabytes} MB.`,
  folderNotFound: 'That folder was not found.',
  photosWaiting: (waiting: number) =>
    `${waiting} ${waiting === 1 ? 'file is' : 'files are'} waiting to upload. They are kept on this device and sent when you are online.`,
  photosNotSaved:
    'This device is out of space: the photo was not kept. Free some space and take it again; the photos already taken are safe.',
  claimSending: 'Claim saved: its photos are being sent now.',
  claimNotSaved: 'The claim could not be kept on this device. Please try again.',
  claimWaitingToSend: 'Waiting to send',
  /** Pill of a claim whose files the server held back (its upload limit of 24 hours). */
  claimUploadsHeld: 'Upload limit reached',
  /** Under the server's reason on such a claim: the files are not lost, nor sent every minute. */
  uploadsHeldKept: (minutes: number) =>
    `The files stay on this device and are tried again in ${minutes} minutes, or when you press Try again.`,
  retryUploads: 'Try again',
  processInfoTitle: 'How claims work',
  processInfo: [
    'Claims are filed within 48 hours of arrival, on the lines that arrived.',
    'Show the damaged stems and the box label: at least 4 photos or 1 video.',
    'Photos taken offline are kept on this device and sent when you are back online.',
    'We review each claim; a credit goes on your balance and is taken off your next order.',
  ],
  requestClaimTitle: 'Request a claim',
} as const;
