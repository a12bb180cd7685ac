import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../../test/render-with-router';
import { JoinCommunity } from './join-community';

describe('JoinCommunity', () => {
  it('is the #join-community section with its heading and text', () => {
    const { container } = renderWithRouter(<JoinCommunity />);
    const section = screen.getByRole('region', { name: 'Join our Community' });
    expect(section).toBe(container.querySelector('#join-community'));
    expect(section).toHaveTextContent(/palace for the car world/);
    expect(section).toHaveTextContent(/stay updated about car parts/);
  });

  it('has labelled e-mail and password inputs', () => {
    renderWithRouter(<JoinCommunity />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("links 'Forgot password?' to the section itself", () => {
    renderWithRouter(<JoinCommunity />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '#join-community');
  });

  it("has a 'Login' button that submits nothing and validates nothing", async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<JoinCommunity />);
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toHaveAttribute('type', 'button');
    expect((login as HTMLButtonElement).form).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'not an address{Enter}');
    await user.click(login);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('not an address');
    expect(router.state.location.pathname).toBe('/');
  });
});
