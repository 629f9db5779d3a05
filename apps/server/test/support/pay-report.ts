/** A pay report category under the minimum group size: counted, with no figure, never flagged. */
export const TOO_FEW_TO_REPORT = {
  tooFew: true,
  meanPayFemale: null,
  meanPayMale: null,
  payGap: null,
  basicWageGap: null,
  complementaryGap: null,
  flagged: false,
} as const;
