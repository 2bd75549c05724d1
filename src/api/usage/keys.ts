export const usageKeys = {
  all: ['usage'] as const,
};
