import { notices, profileSchema, type Me } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useUpdateProfile } from '../api/update-profile';

/** The profile's update form (SPEC §2): the phone a number in its international or national form (SPEC §5). */
export function ProfileForm({ me }: { me: Me | null }) {
  const update = useUpdateProfile();
  // Prefilled from the account, and refilled when it changes (fields being edited are kept).
  const values = useMemo(
    () => ({
      name: me?.name ?? '',
      education: me?.education ?? '',
      location: me?.location ?? '',
      phone: me?.phone ?? '',
      linkedin: me?.linkedin ?? '',
    }),
    [me],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(profileSchema),
    mode: 'onTouched',
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async (fields) => {
    if (!me) {
      toast.error(notices.noUserLoggedIn);
      return;
    }
    // The hook reports success and failure with a toast.
    await update.mutateAsync({ email: me.email, ...fields }).catch(() => undefined);
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
