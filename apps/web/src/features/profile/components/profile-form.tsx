import { notices, profileSchema, type Me } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { meQuery } from '../../../lib/me';
import { useUpdateProfile } from '../api/update-profile';
import { checkedWhenSent } from '../../../lib/form-checking';

type ProfileFields = Pick<Me, 'name' | 'education' | 'location' | 'phone' | 'linkedin'>;

/** The form's fields from an account (blank while nobody is signed in). */
function formValues(me: ProfileFields | null | undefined): ProfileFields {
  return {
    name: me?.name ?? '',
    education: me?.education ?? '',
    location: me?.location ?? '',
    phone: me?.phone ?? '',
    linkedin: me?.linkedin ?? '',
  };
}

/** The profile's update form (SPEC §2): the phone a number in its international or national form (SPEC §5). */
export function ProfileForm({ me }: { me: Me | null }) {
  const update = useUpdateProfile();
  const queryClient = useQueryClient();
  // Prefilled from the account, and refilled when it changes (fields being edited are kept).
  const values = useMemo(() => formValues(me), [me]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileSchema),
    ...checkedWhenSent,
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (fields) => {
    if (!me) {
      toast.error(notices.noUserLoggedIn);
      return;
    }
    try {
      // The hook reports success and failure with a toast, and reads the account again.
      await update.mutateAsync({ email: me.email, ...fields });
    } catch {
      return;
    }
    // Saved: the form shows the account as the server keeps it ("217.555.0100" is kept as
    // "+1 217 555 0100"), not as typed; the fields the refill above kept for being edited are
    // no longer being edited. Without a fresh account (its reading failed), what was sent.
    const account = queryClient.getQueryState(meQuery.queryKey);
    reset(formValues(account?.status === 'success' && account.data ? account.data : { ...me, ...fields }), { keepDirtyValues: false });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Update profile" className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField label="Education" error={errors.education?.message} {...register('education')} />
      <TextField label="Location" autoComplete="address-level2" error={errors.location?.message} {...register('location')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="LinkedIn"
        type="url"
        autoComplete="url"
        placeholder="https://www.linkedin.com/in/…"
        className="sm:col-span-2"
        error={errors.linkedin?.message}
        {...register('linkedin')}
      />
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={update.isPending}>Update Profile</SubmitButton>
      </div>
    </form>
  );
}
