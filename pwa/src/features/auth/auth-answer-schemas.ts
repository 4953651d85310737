// The account calls' answer schemas, loaded with the first call (auth-api.ts).
export {
  forgotPasswordAnswerSchema,
  guestSignInAnswerSchema,
  hsCheckEmailAnswerSchema,
  loginAnswerSchema,
  messageAnswerSchema,
  modelLoadAnswerSchema,
  referralCodeAnswerSchema,
  requestChangePasswordAnswerSchema,
  signUpAnswerSchema,
  successAnswerSchema,
  validateAnswerSchema,
  verifyEmailAccountAnswerSchema,
  verifyEmailAvailableAnswerSchema,
} from '@stemline/shared';
