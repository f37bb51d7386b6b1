import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TurnUsageNote } from '../src/features/chat/turn-usage.tsx';

describe('the cost under a message', () => {
  it('shows a question’s tokens and credits', () => {
    render(<TurnUsageNote usage={{ inputTokens: 1200, outputTokens: 34, credits: 7 }} />);
    expect(screen.getByTestId('turn-usage')).toHaveTextContent('1,234 tokens (1,200 in, 34 out) · 7 credits');
  });

  it('shows only the credits of SQL, which no model read', () => {
    render(<TurnUsageNote usage={{ inputTokens: 0, outputTokens: 0, credits: 1 }} />);
    expect(screen.getByTestId('turn-usage')).toHaveTextContent(/^1 credit$/);
  });

  it('says nothing when nothing was used', () => {
    render(<TurnUsageNote usage={{ inputTokens: 0, outputTokens: 0, credits: 0 }} />);
    expect(screen.queryByTestId('turn-usage')).toBeNull();
  });
});
