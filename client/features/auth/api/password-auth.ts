import { apiRequest } from '@client/lib/api-client';
import type {
  CurrentUser,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
} from '@common/schemas/auth';
import { useMutation } from '@tanstack/react-query';

export const POST_LOGIN_REDIRECT_MS = 1000;

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<CurrentUser>('POST', '/api/auth/login', body),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest<RegisterReply>('POST', '/api/auth/register', body),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiRequest<{ message: string }>('POST', '/api/auth/reset-password', body),
  });
}
