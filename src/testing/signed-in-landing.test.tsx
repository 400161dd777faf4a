import { render, screen } from '@testing-library/react';
import { unansweredRequests } from './signed-in-landing';

const request = (path: string) => new Request(`http://localhost:3000${path}`);

describe('the requests no handler answered', () => {
  it('fails the test that made one, having unmounted its page so the next test starts on an empty one', () => {
    const requests = unansweredRequests();
    requests.begin();
    render(<p>上一个测试的页面</p>);
    localStorage.setItem('left', 'behind');
    requests.record(request('/api/organization/onboarding'));

    expect(() => requests.end()).toThrow(/requests no handler answers/);
    expect(screen.queryByText('上一个测试的页面')).toBeNull();
    expect(localStorage.getItem('left')).toBeNull();
  });

  it('drops, at the next test’s start, one that arrived after its test had ended', () => {
    const requests = unansweredRequests();
    requests.begin();
    requests.end();
    requests.record(request('/api/notice/page'));

    requests.begin();
    expect(() => requests.end()).not.toThrow();
  });

  it('leaves out one that arrived after the test reset its handlers, its page still mounted', () => {
    const requests = unansweredRequests();
    requests.begin();
    requests.record(request('/api/statistics/figures'));
    requests.finish();
    requests.record(request('/api/notice/page'));

    expect(() => requests.end()).toThrow(/statistics\/figures/);
    requests.begin();
    requests.finish();
    requests.record(request('/api/notice/page'));
    expect(() => requests.end()).not.toThrow();
  });

  it('passes a test whose requests were all answered', () => {
    const requests = unansweredRequests();
    requests.begin();
    expect(() => requests.end()).not.toThrow();
  });
});
