/**
 * A player's profile as the client collects it before sending, every field as text: the registration form
 * and each row of a bulk import.
 */
export type PlayerFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  skillLevel: string;
  yearsPlaying: string;
  location: string;
  bio: string;
};
